import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import mysql from 'mysql2/promise';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, createAdminTestApp, jsonOf } from '../settings-views/testing/admin-test-app.js';

let t: AdminTestApp;
let http: Server;
let httpPort: number;
let smtp: SMTPServer;
let smtpPort: number;
let closedPort: number;
const smtpLogins: string[] = [];

const listen = (server: { listen: (port: number, host: string, cb: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

/** A port that was just free: bound, then released, so nothing listens there. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await listen(server);
  // A TCP server bound to a port has an AddressInfo address.
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  t = await createAdminTestApp();
  http = createServer((req, res) => {
    if (req.url === '/api/v1/status/buildinfo') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'success', data: { version: '2.53.0' } }));
      return;
    }
    if (req.url === '/private' && req.headers.authorization !== `Basic ${Buffer.from('u:p').toString('base64')}`) {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200).end('ok');
  });
  await listen(http);
  // A listening HTTP server has an AddressInfo address.
  httpPort = (http.address() as AddressInfo).port;
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      smtpLogins.push(auth.username ?? '');
      if (auth.username === 'mailer' && auth.password === 'pw') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
  });
  await listen(smtp);
  // smtp-server wraps a net.Server.
  smtpPort = (smtp.server.address() as AddressInfo).port;
  closedPort = await freePort();
  const root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  await root.query("CREATE USER IF NOT EXISTS 'mc_conn_test'@'127.0.0.1' IDENTIFIED BY 'mc-pw'");
  await root.query("GRANT USAGE ON *.* TO 'mc_conn_test'@'127.0.0.1'");
  await root.end();
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await new Promise((resolve) => smtp.close(() => resolve(undefined)));
  await t.close();
});

async function createAndTest(body: Record<string, unknown>) {
  const created = await t.request('/api/connections', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `c-${randomBytes(4).toString('hex')}`, ...body }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = await jsonOf(created);
  const response = await t.request(`/api/connection/test/${id}`, { method: 'POST' });
  expect(response.status).toBe(200);
  // The answer is a ConnectionTestResult.
  return (await response.json()) as { ok: boolean; message: string; mode: string };
}

describe('POST /api/connection/test/{id}', () => {
  it('reaches the local PostgreSQL', async () => {
    const result = await createAndTest({
      type: 'postgres',
      url: 'postgres://127.0.0.1:5432/test',
      username: 'root',
      password: 'x',
    });
    expect(result, result.message).toMatchObject({ ok: true, mode: 'reached' });
    expect(result.message).toMatch(/^Connected to PostgreSQL/);
  });

  it('reaches the local MariaDB', async () => {
    const result = await createAndTest({
      type: 'mysql',
      url: 'mysql://127.0.0.1:3306',
      username: 'mc_conn_test',
      password: 'mc-pw',
    });
    expect(result.ok, result.message).toBe(true);
    expect(result.message).toMatch(/^Connected to MySQL .*MariaDB/);
    const denied = await createAndTest({
      type: 'mysql',
      url: 'mysql://127.0.0.1:3306',
      username: 'mc_conn_test',
      password: 'no',
    });
    expect(denied.ok).toBe(false);
    expect(denied.message).toMatch(/^MySQL: Access denied for user 'mc_conn_test'/);
  });

  it('reaches the local Redis', async () => {
    const result = await createAndTest({ type: 'redis', url: 'redis://127.0.0.1:6379' });
    expect(result).toMatchObject({ ok: true, message: 'Redis answered PONG' });
  });

  it('reaches an HTTP server, with and without the right credentials', async () => {
    const good = await createAndTest({
      type: 'http',
      url: `http://127.0.0.1:${httpPort}/private`,
      username: 'u',
      password: 'p',
    });
    expect(good).toMatchObject({ ok: true, message: `http://127.0.0.1:${httpPort} answered 200` });
    const bad = await createAndTest({
      type: 'http',
      url: `http://127.0.0.1:${httpPort}/private`,
      username: 'u',
      password: 'wrong',
    });
    expect(bad).toMatchObject({
      ok: false,
      message: `HTTP: http://127.0.0.1:${httpPort} answered 401; check the username and password`,
    });
  });

  it('reaches a Prometheus API', async () => {
    const result = await createAndTest({ type: 'prometheus', url: `http://127.0.0.1:${httpPort}` });
    expect(result).toMatchObject({ ok: true, message: 'Prometheus 2.53.0 answered' });
  });

  it('opens an SMTP session and logs in', async () => {
    const result = await createAndTest({
      type: 'email',
      username: 'mailer',
      password: 'pw',
      properties: { host: '127.0.0.1', port: smtpPort, encryptionMethod: 'None', smtpAuthMethod: 'Plain' },
    });
    expect(result.ok, result.message).toBe(true);
    expect(smtpLogins).toContain('mailer');
    const wrong = await createAndTest({
      type: 'email',
      username: 'mailer',
      password: 'nope',
      properties: { host: '127.0.0.1', port: smtpPort, encryptionMethod: 'None', smtpAuthMethod: 'Plain' },
    });
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toMatch(/^Email: .*Invalid username or password/);
  });

  it('fails with a clear message against a closed port, for every reachable type', async () => {
    const at = `127.0.0.1:${closedPort}`;
    const refused = `Connection refused at ${at}`;
    expect(
      await createAndTest({ type: 'postgres', url: `postgres://${at}/x`, username: 'u', password: 'p' }),
    ).toMatchObject({
      ok: false,
      message: `PostgreSQL: ${refused}`,
    });
    expect(await createAndTest({ type: 'mysql', url: `mysql://${at}/x`, username: 'u', password: 'p' })).toMatchObject({
      ok: false,
      message: `MySQL: ${refused}`,
    });
    expect(await createAndTest({ type: 'redis', url: `redis://${at}` })).toMatchObject({
      ok: false,
      message: `Redis: ${refused}`,
    });
    expect(await createAndTest({ type: 'http', url: `http://${at}/`, username: 'u', password: 'p' })).toMatchObject({
      ok: false,
      message: `HTTP: ${refused}`,
    });
    expect(
      await createAndTest({
        type: 'email',
        properties: { host: '127.0.0.1', port: closedPort, encryptionMethod: 'None' },
      }),
    ).toMatchObject({ ok: false, message: `Email: ${refused}` });
  });

  it('exchanges a Google service account JWT at its token endpoint (a local test double of Google OAuth)', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    // Test double of oauth2.googleapis.com/token: verifies the RS256 assertion with the account's public key.
    const google = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        const [header = '', claims = '', signature = ''] = assertion.split('.');
        const valid = createVerify('RSA-SHA256')
          .update(`${header}.${claims}`)
          .verify(publicKey, signature, 'base64url');
        const iss = JSON.parse(Buffer.from(claims, 'base64url').toString()).iss;
        res.writeHead(valid && iss === 'sa@p.iam.gserviceaccount.com' ? 200 : 400, {
          'content-type': 'application/json',
        });
        res.end(
          JSON.stringify(
            valid ? { access_token: 't' } : { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
          ),
        );
      });
    });
    await listen(google);
    // A listening HTTP server has an AddressInfo address.
    const tokenUri = `http://127.0.0.1:${(google.address() as AddressInfo).port}/token`;
    const key = (pem: unknown) =>
      JSON.stringify({ client_email: 'sa@p.iam.gserviceaccount.com', private_key: String(pem), token_uri: tokenUri });
    const pem = (k: typeof privateKey) => k.export({ type: 'pkcs8', format: 'pem' });
    try {
      expect(await createAndTest({ type: 'gcs', certificate: key(pem(privateKey)) })).toMatchObject({
        ok: true,
        message: `Google Cloud Storage: 127.0.0.1:${(google.address() as AddressInfo).port} issued a token for sa@p.iam.gserviceaccount.com`,
      });
      expect(await createAndTest({ type: 'google_cloud', certificate: key(pem(other)) })).toMatchObject({
        ok: false,
        message: expect.stringMatching(
          /^Google Cloud: .* answered 400; the service account was refused \(Invalid JWT Signature\.\)$/,
        ),
      });
    } finally {
      await new Promise((resolve) => google.close(resolve));
    }
  });

  it('asks AWS STS who the access key is, and reports the network error where AWS is unreachable', async () => {
    const result = await createAndTest({
      type: 'aws',
      username: 'AKIDEXAMPLE',
      password: 'secret',
      properties: { region: 'eu-west-1' },
    });
    expect(result).toMatchObject({ ok: false, mode: 'reached' });
    expect(result.message).toMatch(/^AWS: (Host not found|Connection|.*sts\.eu-west-1\.amazonaws\.com)/);
    expect(result.message).not.toContain('secret');
  });

  it('asks a Kubernetes API server (a local test double) as the kubeconfig user; never runs exec plugins', async () => {
    // Test double of a Kubernetes API server: namespaces for token good, 403 for token limited, 401 otherwise.
    const api = createServer((req, res) => {
      const auth = req.headers.authorization ?? '';
      if (req.url !== '/api/v1/namespaces?limit=1') return void res.writeHead(404).end();
      if (auth === 'Bearer good') return void res.writeHead(200).end('{"kind":"NamespaceList","items":[]}');
      if (auth === 'Bearer limited') return void res.writeHead(403).end('{"message":"User \\"bob\\" cannot list"}');
      if (!auth) return void res.writeHead(403).end('{"message":"User \\"system:anonymous\\" cannot list"}');
      res.writeHead(401).end();
    });
    await listen(api);
    // A listening HTTP server has an AddressInfo address.
    const server = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const kubeconfig = (user: string) =>
      `apiVersion: v1\ncurrent-context: c\nclusters: [{name: k, cluster: {server: '${server}'}}]\ncontexts: [{name: c, context: {cluster: k, user: u}}]\nusers: [{name: u, user: ${user}}]\n`;
    const test = (user: string, properties: Record<string, string> = { method: 'kubeconfig' }) =>
      createAndTest({ type: 'kubernetes', certificate: kubeconfig(user), properties });
    try {
      expect(await test('{token: good}')).toMatchObject({
        ok: true,
        message: expect.stringMatching(/accepted the credentials$/),
      });
      expect(await test('{token: limited}')).toMatchObject({
        ok: true,
        message: expect.stringMatching(/may not list namespaces/),
      });
      expect(await test('{token: wrong}')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/answered 401; the credentials were refused$/),
      });
      expect(await test('{}')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/treated the request as anonymous/),
      });
      expect(await test('{exec: {command: touch, args: [/tmp/mc-kube-exec-ran]}}')).toMatchObject({
        ok: false,
        mode: 'unavailable',
        message: expect.stringMatching(/exec or auth-provider plugin, which this server never runs$/),
      });
      expect(await test('{token: good}', { method: 'eks', region: 'eu-west-1' })).toMatchObject({
        mode: 'unavailable',
      });
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
