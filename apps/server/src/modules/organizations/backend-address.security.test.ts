import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 25, finding 5: an organisation's backend_url goes through the egress guard when saved (create,
 * update, provisioning report) and again on every call the service makes there (proxy, status) or hands
 * out (token exchange); it is https unless both it and the service are on loopback in development; a
 * backend's redirect is never followed; nobody changes another organisation's address. Real routes,
 * real sessions, a real local "backend" and a real "internal" server that must never be asked.
 */
const METADATA = 'http://169.254.169.254';
const HOSTED = { MC_AUTH_MODE: 'hosted' };

interface Stub {
  server: Server;
  url: string;
  hits: string[];
}

/** What a stub server answers: a status, headers and a body. */
interface StubAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A local HTTP server answering by `handler` (given the path, or "METHOD path body" when a body came). */
async function stub(handler: (path: string) => StubAnswer) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const sent = Buffer.concat(chunks).toString();
      const answer = handler(sent ? `${req.method} ${req.url} ${sent}` : (req.url ?? ''));
      res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // a listening TCP server has an AddressInfo address
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits } satisfies Stub;
}

let internal: Stub;
let backend: Stub;

beforeAll(async () => {
  internal = await stub(() => ({ status: 200, body: 'internal secret' }));
  backend = await stub((path): StubAnswer => {
    if (path.startsWith('/redirecting/')) return { status: 302, headers: { location: `${internal.url}/internal` } };
    if (path === '/api/auth/whoami') return { status: 200, body: '{}' };
    if (path.startsWith('POST ')) return { status: 201, headers: { 'content-type': 'application/json' }, body: path };
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: `backend answers ${path}` };
  });
});

afterAll(async () => {
  for (const s of [internal, backend]) await new Promise((resolve) => s.server.close(resolve));
});

async function createOrg(t: TestApp, token: string, body: Record<string, unknown>) {
  return apiCall(t.app, 'POST', '/api/organizations', token, { name: 'Org', ...body });
}

/** An organisation row whose address was stored before today's rules (or by an older version). */
async function storeAddress(t: TestApp, orgId: string, backendUrl: string) {
  await t.database.pool.query('UPDATE organizations SET backend_url = $1, instance_finished = true WHERE id = $2', [
    backendUrl,
    orgId,
  ]);
}

describe('a loopback development service (no MC_PUBLIC_URL, loopback HOST), default egress policy', () => {
  let t: TestApp;
  let guest: string;
  beforeAll(async () => {
    t = await createTestApp({ env: HOSTED });
    guest = (await signedInUser(t, { roles: ['guest'] })).token;
  });
  afterAll(() => t.close());

  it.each([
    'https://169.254.169.254',
    'https://169.254.169.254:8443/latest/meta-data',
    'https://[fd00:ec2::254]',
    'https://[::ffff:169.254.169.254]',
    'https://metadata.google.internal',
  ])('refuses %s at save, on create and on update, naming backend_url', async (address) => {
    const created = await createOrg(t, guest, { backend_url: address });
    expect(created.status).toBe(400);
    expect(((await created.json()) as { message: string }).message).toMatch(/^backend_url .*metadata/);
    const org = (await (await createOrg(t, guest, {})).json()) as { id: string };
    const patched = await apiCall(t.app, 'PATCH', `/api/organizations/${org.id}`, guest, { backend_url: address });
    expect(patched.status).toBe(400);
    expect(((await patched.json()) as { message: string }).message).toMatch(/^backend_url .*metadata/);
    const { rows } = await t.database.pool.query('SELECT backend_url FROM organizations WHERE id = $1', [org.id]);
    expect(rows).toEqual([{ backend_url: null }]);
  });

  it('refuses plain http to a host other than loopback, and other schemes', async () => {
    for (const address of [
      METADATA,
      'http://example.com',
      'http://10.0.0.5:8080',
      'ftp://127.0.0.1',
      'file:///etc/passwd',
    ]) {
      const answer = await createOrg(t, guest, { backend_url: address });
      expect(answer.status, address).toBe(400);
      expect(((await answer.json()) as { message: string }).message, address).toMatch(/^backend_url must be/);
    }
  });

  it('accepts a loopback http backend in development; proxy and status reach it; redirects are not followed', async () => {
    const created = await createOrg(t, guest, { backend_url: backend.url, instance_finished: true });
    expect(created.status).toBe(201);
    const org = (await created.json()) as { id: string };
    const proxied = await apiCall(t.app, 'GET', `/api/organizations/${org.id}/proxy/api/db/x?limit=1`, guest);
    expect(proxied.status).toBe(200);
    expect(await proxied.text()).toBe('backend answers /api/db/x?limit=1');
    const posted = await apiCall(t.app, 'POST', `/api/organizations/${org.id}/proxy/api/db/teams`, guest, { a: 1 });
    expect(posted.status).toBe(201);
    expect(await posted.text()).toBe('POST /api/db/teams {"a":1}');
    const status = await apiCall(t.app, 'GET', `/api/organizations/${org.id}/status`, guest);
    expect(await status.json()).toEqual({ state: 'ready', message: null });

    const redirecting = (await (
      await createOrg(t, guest, { backend_url: `${backend.url}/redirecting`, instance_finished: true })
    ).json()) as { id: string };
    const redirected = await apiCall(t.app, 'GET', `/api/organizations/${redirecting.id}/proxy/api/x`, guest);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe(`${internal.url}/internal`);
    const redirectedStatus = await apiCall(t.app, 'GET', `/api/organizations/${redirecting.id}/status`, guest);
    expect(await redirectedStatus.json()).toEqual({
      state: 'error',
      message: "The organisation's backend answered 302",
    });
    expect(internal.hits).toEqual([]);
  });

  it('lets only an organisation’s owners and admins change its address: not another organisation’s owner', async () => {
    const ownerA = (await signedInUser(t, { roles: ['editor'] })).token;
    const ownerB = await signedInUser(t, { roles: ['viewer'] });
    const member = await signedInUser(t, { roles: ['admin'] });
    const orgA = (await (await createOrg(t, ownerA, {})).json()) as { id: string };
    const orgB = (await (await createOrg(t, ownerB.token, { backend_url: backend.url })).json()) as { id: string };
    expect(
      (
        await apiCall(t.app, 'POST', `/api/organizations/${orgB.id}/members`, ownerB.token, {
          email: member.email,
          role: 'member',
        })
      ).status,
    ).toBe(200);
    const change = { backend_url: `${internal.url}/elsewhere` };
    const fromA = await apiCall(t.app, 'PATCH', `/api/organizations/${orgB.id}`, ownerA, change);
    expect(fromA.status).toBe(404);
    const fromMember = await apiCall(t.app, 'PATCH', `/api/organizations/${orgB.id}`, member.token, change);
    expect(fromMember.status).toBe(403);
    const viaDataApi = await apiCall(t.app, 'PATCH', `/api/db/organizations?id=eq.${orgB.id}`, member.token, change);
    expect(viaDataApi.status).toBe(404);
    const { rows } = await t.database.pool.query('SELECT id, backend_url FROM organizations WHERE id = ANY($1)', [
      [orgA.id, orgB.id],
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: orgA.id, backend_url: null },
        { id: orgB.id, backend_url: backend.url },
      ]),
    );
  });
});

describe('under the deny-private egress policy set by an administrator', () => {
  let t: TestApp;
  let guest: string;
  beforeAll(async () => {
    t = await createTestApp({ env: HOSTED });
    const admin = (await signedInUser(t, { roles: ['admin'] })).token;
    const set = await apiCall(t.app, 'POST', '/api/properties', admin, {
      name: 'health.egress.policy',
      value: 'deny-private',
    });
    expect(set.status).toBe(201);
    guest = (await signedInUser(t, { roles: ['guest'] })).token;
  });
  afterAll(() => t.close());

  it.each([() => `${internal.url}/internal`, () => 'http://localhost:9', () => 'https://10.1.2.3'])(
    'refuses a private address at save (%#)',
    async (address) => {
      const answer = await createOrg(t, guest, { backend_url: address() });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(
        /^backend_url refused: egress refused: .*(loopback|private).*\(policy: deny-private\)$/,
      );
    },
  );

  it('refuses a stored private address at proxy, status and token time, without asking it', async () => {
    const org = (await (await createOrg(t, guest, {})).json()) as { id: string };
    await storeAddress(t, org.id, `${internal.url}/internal`);
    const proxied = await apiCall(t.app, 'GET', `/api/organizations/${org.id}/proxy/api/auth/whoami`, guest);
    expect(proxied.status).toBe(409);
    expect(((await proxied.json()) as { message: string }).message).toBe(
      'backend_url refused: egress refused: 127.0.0.1 is a loopback address (policy: deny-private)',
    );
    const status = await apiCall(t.app, 'GET', `/api/organizations/${org.id}/status`, guest);
    expect(await status.json()).toEqual({
      state: 'error',
      message: 'backend_url refused: egress refused: 127.0.0.1 is a loopback address (policy: deny-private)',
    });
    const token = await apiCall(t.app, 'POST', `/api/organizations/${org.id}/token`, guest);
    expect(token.status).toBe(409);
    expect(internal.hits).toEqual([]);
  });
});

describe('a service others reach (MC_PUBLIC_URL set)', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...HOSTED, MC_PUBLIC_URL: 'https://mc.example.com' } });
    owner = (await signedInUser(t, { roles: ['editor'] })).token;
  });
  afterAll(() => t.close());

  it('refuses a plain http backend, loopback included, at save and at call time', async () => {
    const answer = await createOrg(t, owner, { backend_url: backend.url });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(/^backend_url must be an https URL/);
    const org = (await (await createOrg(t, owner, {})).json()) as { id: string };
    await storeAddress(t, org.id, `${internal.url}/internal`);
    expect((await apiCall(t.app, 'GET', `/api/organizations/${org.id}/proxy/api/x`, owner)).status).toBe(409);
    const status = (await (await apiCall(t.app, 'GET', `/api/organizations/${org.id}/status`, owner)).json()) as {
      state: string;
      message: string;
    };
    expect(status.state).toBe('error');
    expect(status.message).toMatch(/^backend_url must be an https URL/);
    expect(internal.hits).toEqual([]);
  });
});

describe('a provisioning hook’s report', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...HOSTED,
        MC_ORG_PROVISION_COMMAND: `echo '{"backend_url":"${METADATA}","instance_finished":true}'`,
      },
    });
  });
  afterAll(() => t.close());

  it('is refused as a whole when it names a metadata address', async () => {
    const owner = (await signedInUser(t, { roles: ['guest'] })).token;
    const org = (await (await createOrg(t, owner, {})).json()) as { id: string };
    await expect
      .poll(() => t.logs.some((line) => line.includes('provisioning report refused')), { timeout: 10_000 })
      .toBe(true);
    const { rows } = await t.database.pool.query(
      'SELECT backend_url, instance_finished FROM organizations WHERE id = $1',
      [org.id],
    );
    expect(rows).toEqual([{ backend_url: null, instance_finished: false }]);
  });
});
