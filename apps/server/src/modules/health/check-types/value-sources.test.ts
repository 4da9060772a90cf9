import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueSourceReaderFor } from '../../connections/index.js';
import { validateCanary } from '../canaries/canary-schema.js';
import { runCheck } from './registry.js';
import { envSourceResolverFrom } from './resolver-adapters.js';
import { guardFor, selfSignedCertificate, startHttpsServer, type TestServer } from './testing/targets.js';

const egress = guardFor();
const dataDir = mkdtempSync(join(tmpdir(), 'mc-values-data-'));
const refs = mkdtempSync(join(tmpdir(), 'mc-values-refs-'));
const outside = mkdtempSync(join(tmpdir(), 'mc-values-outside-'));

const put = (path: string, content: string | Buffer) => {
  mkdirSync(join(refs, path, '..'), { recursive: true });
  writeFileSync(join(refs, path), content);
};

/** Runs an exec check printing $V, whose value comes from `valueFrom`, with `read` as the value reader. */
async function echo(
  valueFrom: Record<string, unknown>,
  read: ReturnType<typeof valueSourceReaderFor>,
  namespace?: string,
) {
  return runCheck(
    'exec',
    { name: 'e', script: 'printf %s "$V"', env: [{ name: 'V', valueFrom }] },
    { egress, resolveEnvSource: envSourceResolverFrom(read), timeoutMs: 10_000, ...(namespace ? { namespace } : {}) },
  );
}

beforeAll(() => {
  process.env.MC_EXEC_CHECKS = 'on';
  put('secret/api/token', 'tok-9\n');
  put('configmap/app/port', '8080');
  writeFileSync(join(outside, 'stolen'), 'outside-value');
  mkdirSync(join(refs, 'secret', 'evil'), { recursive: true });
  symlinkSync(join(outside, 'stolen'), join(refs, 'secret', 'evil', 'key'));
  symlinkSync(outside, join(refs, 'secret', 'linked'));
  put('secret/big/blob', Buffer.alloc(1024 * 1024 + 1, 'a'));
});

afterAll(() => {
  delete process.env.MC_EXEC_CHECKS;
});

describe('valueFrom from the folder MC_SECRET_REFS_DIR', () => {
  const read = valueSourceReaderFor(dataDir, { MC_SECRET_REFS_DIR: refs });

  it('reads secretKeyRef and configMapKeyRef as secret/<name>/<key> and configmap/<name>/<key>', async () => {
    expect((await echo({ secretKeyRef: { name: 'api', key: 'token' } }, read)).message).toBe('tok-9');
    expect((await echo({ configMapKeyRef: { name: 'app', key: 'port' } }, read)).message).toBe('8080');
    expect((await echo({ secretKeyRef: { name: 'api', key: 'nope' } }, read)).message).toBe(
      "env V: secret 'api' has no key 'nope'",
    );
  });

  it('refuses .., a symbolic link leading out of the folder, and a file over the size cap', async () => {
    const dots = await echo({ secretKeyRef: { name: '..', key: 'stolen' } }, read);
    expect(dots).toMatchObject({ status: 'unhealthy', message: 'secret://../stolen is not a valid secret reference' });
    const link = await echo({ secretKeyRef: { name: 'evil', key: 'key' } }, read);
    expect(link.message).toBe('secret://evil/key is refused: it leads outside the value folder or is too large');
    const dir = await echo({ secretKeyRef: { name: 'linked', key: 'stolen' } }, read);
    expect(dir.message).toBe('secret://linked/stolen is refused: it leads outside the value folder or is too large');
    const big = await echo({ secretKeyRef: { name: 'big', key: 'blob' } }, read);
    expect(big.message).toBe('secret://big/blob is refused: it leads outside the value folder or is too large');
    for (const result of [link, dir, big]) expect(JSON.stringify(result)).not.toContain('outside-value');
  });

  it('refuses serviceAccount and helmRef outside a cluster, at run time and when the canary is saved', async () => {
    expect((await echo({ serviceAccount: 'runner' }, read)).message).toMatch(
      /^serviceAccount needs the Kubernetes API and no cluster is configured/,
    );
    const canary = {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'c' },
      spec: {
        exec: [{ name: 'e', script: 'true', env: [{ name: 'V', valueFrom: { helmRef: { name: 'web', key: 'a' } } }] }],
      },
    };
    const refused = validateCanary(canary);
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain(
      'spec.exec[0].env[0].valueFrom: helmRef is not supported by this server: helmRef needs the Kubernetes API',
    );
    process.env.MC_KUBERNETES_API = 'https://127.0.0.1:1';
    try {
      expect(validateCanary(canary).ok).toBe(true);
    } finally {
      delete process.env.MC_KUBERNETES_API;
    }
  });
});

describe('valueFrom from the Kubernetes API (a local HTTPS Kubernetes API double)', () => {
  let kubernetesApiDouble: TestServer;
  const account = mkdtempSync(join(tmpdir(), 'mc-values-sa-'));
  const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64');
  const release = { chart: { values: { db: { host: 'pg', port: 5432 } } }, config: { db: { host: 'pg-prod' } } };
  let read: ReturnType<typeof valueSourceReaderFor>;

  beforeAll(async () => {
    const tls = selfSignedCertificate(2);
    writeFileSync(join(account, 'token'), 'sa-token-1\n');
    writeFileSync(join(account, 'ca.crt'), tls.cert);
    writeFileSync(join(account, 'namespace'), 'home\n');
    kubernetesApiDouble = await startHttpsServer(tls, (req, res) => {
      const send = (status: number, body: unknown) => res.writeHead(status).end(JSON.stringify(body));
      if (req.headers.authorization !== 'Bearer sa-token-1') return send(401, {});
      const url = new URL(req.url ?? '/', 'https://k');
      const path = `${req.method} ${url.pathname}`;
      if (path === 'GET /api/v1/namespaces/team-a/secrets/db') return send(200, { data: { password: b64('s3cret') } });
      if (path === 'GET /api/v1/namespaces/home/configmaps/app') return send(200, { data: { port: '5432' } });
      if (path === 'GET /api/v1/namespaces/locked/secrets/db') return send(403, { message: 'forbidden' });
      if (path === 'POST /api/v1/namespaces/team-a/serviceaccounts/runner/token') {
        return send(201, { status: { token: 'minted-token' } });
      }
      const helm = url.searchParams.get('labelSelector') === 'status=deployed,name=web';
      if (path === 'GET /api/v1/namespaces/team-a/secrets' && helm) {
        const packed = b64(gzipSync(JSON.stringify(release)));
        return send(200, { items: [{ data: { release: b64(packed) } }] });
      }
      send(404, {});
    });
    read = valueSourceReaderFor(dataDir, {
      MC_KUBERNETES_API: kubernetesApiDouble.url,
      MC_KUBERNETES_SERVICEACCOUNT_DIR: account,
    });
  });

  afterAll(() => kubernetesApiDouble.close());

  it("reads secrets and config maps in the canary's namespace, else the service account's", async () => {
    expect((await echo({ secretKeyRef: { name: 'db', key: 'password' } }, read, 'team-a')).message).toBe('s3cret');
    expect((await echo({ configMapKeyRef: { name: 'app', key: 'port' } }, read)).message).toBe('5432');
    expect((await echo({ secretKeyRef: { name: 'db', key: 'user' } }, read, 'team-a')).message).toBe(
      "env V: secret 'db' has no key 'user'",
    );
    expect((await echo({ secretKeyRef: { name: 'gone', key: 'x' } }, read, 'team-a')).message).toBe(
      "env V: secret 'gone' has no key 'x'",
    );
  });

  it('mints a service-account token and reads a Helm release value (config over chart values)', async () => {
    expect((await echo({ serviceAccount: 'runner' }, read, 'team-a')).message).toBe('minted-token');
    expect((await echo({ helmRef: { name: 'web', key: '$.db.host' } }, read, 'team-a')).message).toBe('pg-prod');
    expect((await echo({ helmRef: { name: 'web', key: 'db.port' } }, read, 'team-a')).message).toBe('5432');
  });

  it('says what the API answered when it refuses, without a value', async () => {
    const refused = await echo({ secretKeyRef: { name: 'db', key: 'password' } }, read, 'locked');
    expect(refused).toMatchObject({
      status: 'unhealthy',
      message: 'secret locked/db: the Kubernetes API answered 403',
    });
  });
});
