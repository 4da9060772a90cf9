import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { importJWK, type JWK, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../../test/server-process.js';
import { buildUser } from '../auth/testing/auth-factory.js';
import { INVALID_BOOLEAN_MESSAGE, PROVISIONING_MESSAGE } from './org-rules.js';
import { ORG_TOKEN_ISSUER } from './signing-keys.js';

/**
 * Issue 18's acceptance: the organisation service and two organisation backends, three real processes on
 * loopback, each on its own PostgreSQL database. PGlite cannot serve it: each process would need its own
 * embedded engine and data directory and the test its own connection to each, which the one-connection
 * embedded engine does not allow beside a running server; so it runs on PostgreSQL only.
 */
const onPostgres = testEngine() === 'postgres';
const SLOW_TEST_MS = 240_000;
const ADMIN = { email: 'owner@example.com', password: 'hosted-owner-password' };
const cleanups: Array<() => Promise<void>> = [];

if (!onPostgres) console.info('hosted-mode tests skipped: they need PostgreSQL (MC_TEST_ENGINE=postgres)');

interface Org {
  id: string;
  name: string;
  backend_url: string | null;
  instance_finished: boolean;
  direct: boolean;
  role: string;
}

async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const flow = (await (await fetch(`${base}/api/.ory/self-service/login/api`)).json()) as { id: string };
  const answer = await fetch(`${base}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', identifier: email, password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { session_token: string }).session_token;
}

describe.skipIf(!onPostgres)('hosted organisation mode: one organisation service, two backends', () => {
  let service: ServerProcess;
  let serviceUrl: string;
  let serviceDbUrl: string;
  const backends: Record<string, { server: ServerProcess; url: string; dbUrl: string }> = {};
  let owner: string;
  let member: { id: string; email: string; password: string };
  let memberSession: string;
  let orgA: Org;
  let orgB: Org;

  const call = async (session: string, method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${serviceUrl}${path}`, {
      method,
      headers: { 'x-session-token': session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : null };
  };
  const tokenFor = async (session: string, orgId: string) => call(session, 'POST', `/api/organizations/${orgId}/token`);
  const direct = async (backendUrl: string, token: string, path: string, init: RequestInit = {}) =>
    fetch(`${backendUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });

  beforeAll(async () => {
    const databases = await Promise.all([createPostgresTestUrl(), createPostgresTestUrl(), createPostgresTestUrl()]);
    for (const db of databases) cleanups.push(db.drop);
    serviceDbUrl = databases[0]?.url as string;
    service = spawnServer({
      DATABASE_URL: serviceDbUrl,
      MC_AUTH_MODE: 'hosted',
      MC_ADMIN_EMAIL: ADMIN.email,
      MC_ADMIN_PASSWORD: ADMIN.password,
      MC_ROLE: 'http',
    });
    cleanups.push(() => stop(service));
    serviceUrl = await service.url;
    const serviceDb = connectPostgres(serviceDbUrl, { max: 1 });
    member = await buildUser(serviceDb, { roles: ['viewer'] });
    await serviceDb.close();
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the first-admin bootstrap after listening
    owner = await signIn(serviceUrl, ADMIN.email, ADMIN.password);
    memberSession = await signIn(serviceUrl, member.email, member.password);

    const a = await call(owner, 'POST', '/api/organizations', { name: 'Org A', direct: true });
    const b = await call(owner, 'POST', '/api/organizations', { name: 'Org B', direct: 'false' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    orgA = a.body;
    orgB = b.body;
    for (const [org, db] of [
      [orgA, databases[1]],
      [orgB, databases[2]],
    ] as const) {
      const server = spawnServer({
        DATABASE_URL: db?.url as string,
        MC_ORG_SERVICE_URL: serviceUrl,
        MC_ORG_ID: org.id,
        MC_ROLE: 'http',
      });
      cleanups.push(() => stop(server));
      backends[org.id] = { server, url: '', dbUrl: db?.url as string };
    }
    for (const backend of Object.values(backends)) backend.url = await backend.server.url;
  }, SLOW_TEST_MS);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }, 60_000);

  it('lists the owner’s organisations; anonymous strangers get 401, bad ids 400, bad names 400', async () => {
    const list = await call(owner, 'GET', '/api/organizations');
    expect(list.status).toBe(200);
    expect(list.body.map((o: Org) => [o.name, o.role, o.direct])).toEqual([
      ['Org A', 'owner', true],
      ['Org B', 'owner', false],
    ]);
    expect((await fetch(`${serviceUrl}/api/organizations`)).status).toBe(401);
    expect((await call(owner, 'GET', '/api/organizations/not-an-id')).status).toBe(400);
    const empty = await call(owner, 'POST', '/api/organizations', { name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('name must not be empty');
    expect((await call(memberSession, 'GET', `/api/organizations/${orgA.id}`)).status).toBe(404);
  });

  it("'direct' accepts true/false as text or boolean; anything else is 'Invalid boolean value'", async () => {
    for (const value of ['yes', 1, 0, 'TRUE ', null, {}, 'on']) {
      const answer = await call(owner, 'PATCH', `/api/organizations/${orgB.id}`, { direct: value });
      expect(answer.status, JSON.stringify(value)).toBe(400);
      expect(answer.body.message).toBe(INVALID_BOOLEAN_MESSAGE);
    }
    const created = await call(owner, 'POST', '/api/organizations', { name: 'Bad', direct: 'maybe' });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(INVALID_BOOLEAN_MESSAGE);
    for (const [value, expected] of [
      ['true', true],
      [false, false],
      [true, true],
      ['false', false],
    ] as const) {
      const answer = await call(owner, 'PATCH', `/api/organizations/${orgB.id}`, { direct: value });
      expect(answer.status).toBe(200);
      expect(answer.body.direct).toBe(expected);
    }
  });

  it('shows the provisioning state while the backend is missing or unfinished, then ready', async () => {
    const missing = await call(owner, 'GET', `/api/organizations/${orgA.id}/status`);
    expect(missing.body).toEqual({ state: 'provisioning', message: PROVISIONING_MESSAGE });
    const proxied = await call(owner, 'GET', `/api/organizations/${orgA.id}/proxy/api/auth/whoami`);
    expect(proxied.status).toBe(503);
    expect(proxied.body.message).toBe(PROVISIONING_MESSAGE);
    for (const org of [orgA, orgB]) {
      const url = backends[org.id]?.url as string;
      const set = await call(owner, 'PATCH', `/api/organizations/${org.id}`, { backend_url: url });
      expect(set.body.instance_finished).toBe(false);
      const unfinished = await call(owner, 'GET', `/api/organizations/${org.id}/status`);
      expect(unfinished.body.state).toBe('provisioning');
      const done = await call(owner, 'PATCH', `/api/organizations/${org.id}`, { instance_finished: 'true' });
      expect(done.body.instance_finished).toBe(true);
      const ready = await call(owner, 'GET', `/api/organizations/${org.id}/status`);
      expect(ready.body).toEqual({ state: 'ready', message: null });
    }
    const badUrl = await call(owner, 'PATCH', `/api/organizations/${orgA.id}`, { backend_url: 'ftp://x' });
    expect(badUrl.status).toBe(400);
  });

  it('reads and writes each backend’s own data, directly with the token and through the proxy', async () => {
    const tokenA = await tokenFor(owner, orgA.id);
    expect(tokenA.status).toBe(200);
    expect(tokenA.body.direct).toBe(true);
    const backendA = backends[orgA.id]?.url as string;
    const whoami = await direct(backendA, tokenA.body.token, '/api/auth/whoami');
    expect(whoami.status).toBe(200);
    const me = (await whoami.json()) as { user: { id: string; email: string }; roles: string[] };
    expect(me.user.email).toBe(ADMIN.email);
    expect(me.roles).toEqual(['admin']);
    const created = await direct(backendA, tokenA.body.token, '/api/db/teams', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ name: 'team of A', created_by: me.user.id }),
    });
    expect(created.status).toBe(201);

    const whoB = await call(owner, 'GET', `/api/organizations/${orgB.id}/proxy/api/auth/whoami`);
    expect(whoB.status).toBe(200);
    const viaProxy = await call(owner, 'POST', `/api/organizations/${orgB.id}/proxy/api/db/teams`, {
      name: 'team of B',
      created_by: whoB.body.user.id,
    });
    expect(viaProxy.status).toBe(201);

    // switch: each organisation sees only its own backend's data, both ways
    const readA = await direct(backendA, tokenA.body.token, '/api/db/teams?select=name');
    expect(((await readA.json()) as { name: string }[]).map((t) => t.name)).toEqual(['team of A']);
    const proxiedA = await call(owner, 'GET', `/api/organizations/${orgA.id}/proxy/api/db/teams?select=name`);
    expect(proxiedA.body.map((t: { name: string }) => t.name)).toEqual(['team of A']);
    const proxiedB = await call(owner, 'GET', `/api/organizations/${orgB.id}/proxy/api/db/teams?select=name`);
    expect(proxiedB.body.map((t: { name: string }) => t.name)).toEqual(['team of B']);
    const tokenB = await tokenFor(owner, orgB.id);
    const readB = await direct(backends[orgB.id]?.url as string, tokenB.body.token, '/api/db/teams?select=name');
    expect(((await readB.json()) as { name: string }[]).map((t) => t.name)).toEqual(['team of B']);

    // audit rows on the backend name the person and the organisation
    const pool = new pg.Pool({ connectionString: backends[orgA.id]?.dbUrl, max: 1 });
    try {
      const { rows } = await pool.query(
        `SELECT actor_id, organization_id FROM audit_log WHERE target = 'teams' ORDER BY created_at DESC LIMIT 1`,
      );
      expect(rows[0]).toEqual({ actor_id: me.user.id, organization_id: orgA.id });
    } finally {
      await pool.end();
    }
  });

  it('refuses a token of one organisation on the other’s backend, and expired or tampered tokens', async () => {
    const tokenA = (await tokenFor(owner, orgA.id)).body.token as string;
    const backendA = backends[orgA.id]?.url as string;
    const backendB = backends[orgB.id]?.url as string;
    expect((await direct(backendB, tokenA, '/api/auth/whoami')).status).toBe(401);
    expect((await direct(backendA, tokenA, '/api/auth/whoami')).status).toBe(200);

    const [header, payload, signature] = tokenA.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['admin'], aud: orgB.id })).toString('base64url');
    expect((await direct(backendB, `${header}.${forged}.${signature}`, '/api/auth/whoami')).status).toBe(401);
    const flipped = `${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await direct(backendA, `${header}.${payload}.${flipped}`, '/api/auth/whoami')).status).toBe(401);
    expect((await direct(backendA, 'eyJhbGciOiJub25lIn0.e30.', '/api/auth/whoami')).status).toBe(401);

    // expired: signed with the service's own key, but past its exp
    const pool = new pg.Pool({ connectionString: serviceDbUrl, max: 1 });
    const { rows } = await pool.query('SELECT kid, private_jwk FROM organization_signing_keys LIMIT 1');
    await pool.end();
    const key = await importJWK(rows[0].private_jwk as JWK, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ roles: ['admin'], email: ADMIN.email, name: 'Owner' })
      .setProtectedHeader({ alg: 'ES256', kid: rows[0].kid })
      .setIssuer(ORG_TOKEN_ISSUER)
      .setSubject(String(claims.sub))
      .setAudience(orgA.id)
      .setIssuedAt(now - 600)
      .setExpirationTime(now - 300)
      .sign(key);
    expect((await direct(backendA, expired, '/api/auth/whoami')).status).toBe(401);
    expect(claims.exp as number).toBeLessThanOrEqual(now + 300);
  });

  it('a removed member is refused by the service at once; audit rows on the service name the organisation', async () => {
    const added = await call(owner, 'POST', `/api/organizations/${orgA.id}/members`, {
      email: member.email,
      role: 'member',
    });
    expect(added.status).toBe(200);
    const bad = await call(owner, 'POST', `/api/organizations/${orgA.id}/members`, {
      email: member.email,
      role: 'boss',
    });
    expect(bad.status).toBe(400);
    const notAllowed = await call(memberSession, 'PATCH', `/api/organizations/${orgA.id}`, { name: 'mine' });
    expect(notAllowed.status).toBe(403);
    const token = await tokenFor(memberSession, orgA.id);
    expect(token.status).toBe(200);
    const whoami = await direct(backends[orgA.id]?.url as string, token.body.token, '/api/auth/whoami');
    expect(((await whoami.json()) as { roles: string[] }).roles).toEqual(['editor']);
    expect((await call(memberSession, 'GET', `/api/organizations/${orgA.id}/proxy/api/auth/whoami`)).status).toBe(200);

    const removed = await call(owner, 'DELETE', `/api/organizations/${orgA.id}/members/${member.id}`);
    expect(removed.status).toBe(204);
    expect((await tokenFor(memberSession, orgA.id)).status).toBe(404);
    expect((await call(memberSession, 'GET', `/api/organizations/${orgA.id}/proxy/api/auth/whoami`)).status).toBe(404);
    expect((await call(memberSession, 'GET', '/api/organizations')).body).toEqual([]);

    const pool = new pg.Pool({ connectionString: serviceDbUrl, max: 1 });
    try {
      const { rows } = await pool.query(
        `SELECT action, organization_id, target_ids FROM audit_log WHERE target = 'organization_members'
         ORDER BY created_at DESC LIMIT 1`,
      );
      expect(rows[0]).toEqual({ action: 'member.remove', organization_id: orgA.id, target_ids: [member.id] });
    } finally {
      await pool.end();
    }
  });

  it('serves its JWKS publicly', async () => {
    const answer = await fetch(`${serviceUrl}/.well-known/jwks.json`);
    expect(answer.status).toBe(200);
    const jwks = (await answer.json()) as { keys: JWK[] };
    expect(jwks.keys[0]?.kty).toBe('EC');
    expect(jwks.keys[0]?.d).toBeUndefined();
  });
});
