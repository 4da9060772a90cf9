import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLES, type Role } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The organisation routes' matrix (MC_AUTH_MODE=hosted, docs/hosted-mode.md): the console role does not
 * decide here, the caller's place in the organisation does — owner, admin, member, or none (an outsider,
 * to whom the organisation does not exist). Every console role is tried in every place, through the
 * real routes with real sessions, and each answer is pinned.
 */
type Place = 'owner' | 'admin' | 'member' | 'outsider';
const PLACES: readonly Place[] = ['owner', 'admin', 'member', 'outsider'];
const NO_ROW = '00000000-0000-4000-8000-000000000000';

/** People the member probes add: one only ever as a member, one only ever as an owner. */
interface Spares {
  member: string;
  owner: string;
}

interface Probe {
  what: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: (orgId: string) => string;
  body?: (spares: Spares) => unknown;
  /** The answer per place; anonymous callers get 401 unless `anonymous` says otherwise. */
  answers: Record<Place, number>;
  anonymous?: number;
}

const everyone = (status: number): Record<Place, number> => ({
  owner: status,
  admin: status,
  member: status,
  outsider: status,
});
const membersOnly = (status: number): Record<Place, number> => ({ ...everyone(status), outsider: 404 });
const managers = (status: number): Record<Place, number> => ({ ...membersOnly(status), member: 403 });

const PROBES: Probe[] = [
  { what: 'list', method: 'GET', path: () => '/api/organizations', answers: everyone(200) },
  {
    what: 'create (any signed-in person; they own the new one)',
    method: 'POST',
    path: () => '/api/organizations',
    body: () => ({ name: 'Made in the matrix' }),
    answers: everyone(201),
  },
  { what: 'read', method: 'GET', path: (id) => `/api/organizations/${id}`, answers: membersOnly(200) },
  {
    what: 'rename',
    method: 'PATCH',
    path: (id) => `/api/organizations/${id}`,
    body: () => ({ name: 'Matrix org' }),
    answers: managers(200),
  },
  {
    what: 'point backend_url at the metadata address',
    method: 'PATCH',
    path: (id) => `/api/organizations/${id}`,
    body: () => ({ backend_url: 'https://169.254.169.254' }),
    answers: managers(400),
  },
  { what: 'members', method: 'GET', path: (id) => `/api/organizations/${id}/members`, answers: membersOnly(200) },
  {
    what: 'add a member',
    method: 'POST',
    path: (id) => `/api/organizations/${id}/members`,
    body: (spares) => ({ email: spares.member, role: 'member' }),
    answers: managers(200),
  },
  {
    what: 'add an owner',
    method: 'POST',
    path: (id) => `/api/organizations/${id}/members`,
    body: (spares) => ({ email: spares.owner, role: 'owner' }),
    answers: { owner: 200, admin: 403, member: 403, outsider: 404 },
  },
  {
    what: 'remove someone who is no member',
    method: 'DELETE',
    path: (id) => `/api/organizations/${id}/members/${NO_ROW}`,
    answers: managers(404),
  },
  { what: 'token', method: 'POST', path: (id) => `/api/organizations/${id}/token`, answers: membersOnly(200) },
  { what: 'status', method: 'GET', path: (id) => `/api/organizations/${id}/status`, answers: membersOnly(200) },
  {
    what: 'proxy read',
    method: 'GET',
    path: (id) => `/api/organizations/${id}/proxy/api/db/teams`,
    answers: membersOnly(200),
  },
  {
    what: 'proxy write',
    method: 'POST',
    path: (id) => `/api/organizations/${id}/proxy/api/db/teams`,
    body: () => ({ name: 'x' }),
    answers: membersOnly(200),
  },
  {
    what: 'the JWKS (public)',
    method: 'GET',
    path: () => '/.well-known/jwks.json',
    answers: everyone(200),
    anonymous: 200,
  },
  {
    what: 'organisations through the data API (not served)',
    method: 'GET',
    path: () => '/api/db/organizations?limit=1',
    answers: everyone(404),
  },
  {
    what: 'organisations written through the data API (not served)',
    method: 'PATCH',
    path: (id) => `/api/db/organizations?id=eq.${id}`,
    body: () => ({ backend_url: 'http://127.0.0.1:1' }),
    answers: everyone(404),
  },
];

const cases = ROLES.flatMap((role) =>
  PLACES.flatMap((place) =>
    PROBES.map((probe) => ({ ...probe, role, place, expected: probe.answers[place] as number })),
  ),
);

describe('organisation routes: console role × place in the organisation × route', () => {
  let t: TestApp;
  let backend: Server;
  let orgId: string;
  const spares: Spares = { member: '', owner: '' };
  const callers = new Map<string, string>();

  beforeAll(async () => {
    backend = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({ env: { MC_AUTH_MODE: 'hosted' } });
    const creator = await signedInUser(t, { roles: ['viewer'] });
    spares.member = (await signedInUser(t, { roles: ['guest'] })).email;
    spares.owner = (await signedInUser(t, { roles: ['guest'] })).email;
    const org = await apiCall(t.app, 'POST', '/api/organizations', creator.token, {
      name: 'Matrix org',
      // a listening TCP server has an AddressInfo address
      backend_url: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`,
      instance_finished: true,
    });
    expect(org.status).toBe(201);
    orgId = ((await org.json()) as { id: string }).id;
    for (const role of ROLES) {
      for (const place of PLACES) {
        const person = await signedInUser(t, { roles: [role] });
        callers.set(`${role}/${place}`, person.token);
        if (place === 'outsider') continue;
        const added = await apiCall(t.app, 'POST', `/api/organizations/${orgId}/members`, creator.token, {
          email: person.email,
          role: place,
        });
        expect(added.status).toBe(200);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => backend.close(resolve));
  });

  it(`has a case for every console role in every place on every route (${cases.length})`, () => {
    expect(cases.length).toBe(ROLES.length * PLACES.length * PROBES.length);
  });

  it('answers anonymous callers 401 on every route but the public JWKS', async () => {
    for (const probe of PROBES) {
      const answer = await apiCall(t.app, probe.method, probe.path(orgId), null, probe.body?.(spares));
      expect(answer.status, `${probe.method} ${probe.what}`).toBe(probe.anonymous ?? 401);
    }
  });

  it('lets only owners change an owner’s role (an admin cannot demote one)', async () => {
    const held = await signedInUser(t, { roles: ['guest'] });
    const set = (caller: string, role: string) =>
      apiCall(t.app, 'POST', `/api/organizations/${orgId}/members`, caller, { email: held.email, role });
    const admin = callers.get('admin/admin') ?? '';
    const owner = callers.get('viewer/owner') ?? '';
    expect((await set(owner, 'owner')).status).toBe(200);
    expect((await set(admin, 'member')).status).toBe(403);
    expect((await set(admin, 'admin')).status).toBe(403);
    expect((await set(owner, 'member')).status).toBe(200);
    expect((await set(admin, 'admin')).status).toBe(200);
  });

  it.each(cases)('$role as $place: $what → $expected', async (c) => {
    const token = callers.get(`${c.role satisfies Role}/${c.place}`) ?? '';
    const answer = await apiCall(t.app, c.method, c.path(orgId), token, c.body?.(spares));
    expect(answer.status, await answer.text()).toBe(c.expected);
  });
});
