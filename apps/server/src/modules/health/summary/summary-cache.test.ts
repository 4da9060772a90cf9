import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SingleFlightCache } from './single-flight-cache.js';

let t: TestApp;
let admin: string;
let viewer: string;
let denied: string;
const canaryIds: Record<string, string> = {};

const canary = (name: string) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name },
  // An address nothing listens on: the summary lists checks whether or not they ran.
  spec: { schedule: '@every 1h', http: [{ name: `${name}-site`, endpoint: 'http://127.0.0.1:9/' }] },
});

const namesIn = async (token: string, query = 'start=24h') => {
  const res = await apiCall(t.app, 'GET', `/api/canary/api/summary?${query}`, token);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { checks_summary: { canary_name: string }[] };
  return body.checks_summary.map((check) => check.canary_name).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  const deniedUser = await signedInUser(t, { roles: ['viewer'] });
  denied = deniedUser.token;
  for (const name of ['alpha', 'beta']) {
    const res = await apiCall(t.app, 'POST', '/api/canaries', admin, canary(name));
    expect(res.status).toBe(201);
    canaryIds[name] = ((await res.json()) as { id: string }).id;
  }
  await t.database.pool.query(
    "INSERT INTO permissions (action, canary_id, person_id, deny) VALUES ('read', $1, $2, true)",
    [canaryIds.alpha, deniedUser.id],
  );
});

afterAll(() => t.close());

describe('summary cache and permission scope', () => {
  it('a viewer with a deny row never receives the answer cached for an admin, nor the admin theirs', async () => {
    expect(await namesIn(admin)).toEqual(['alpha', 'beta']);
    expect(await namesIn(denied)).toEqual(['beta']);
    expect(await namesIn(viewer)).toEqual(['alpha', 'beta']);
    // The other order: the restricted answer is computed first and cached; the admin still sees both.
    expect(await namesIn(denied, 'start=2h')).toEqual(['beta']);
    expect(await namesIn(admin, 'start=2h')).toEqual(['alpha', 'beta']);
    expect(await namesIn(denied, 'start=2h')).toEqual(['beta']);
  });

  it('a deny row added after an answer was cached applies to the next request', async () => {
    const late = await signedInUser(t, { roles: ['viewer'] });
    expect(await namesIn(late.token, 'start=3h')).toEqual(['alpha', 'beta']);
    await t.database.pool.query(
      "INSERT INTO permissions (action, canary_id, person_id, deny) VALUES ('read', $1, $2, true)",
      [canaryIds.beta, late.id],
    );
    expect(await namesIn(late.token, 'start=3h')).toEqual(['alpha']);
  });

  it('concurrent identical requests share one computation; a canary write drops the cached answers', async () => {
    const query = vi.spyOn(t.database.pool, 'query');
    const listReads = () =>
      query.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('k.severity, k.owner')).length;
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => apiCall(t.app, 'GET', '/api/canary/api/summary?start=6h', admin)),
      );
      const bodies = await Promise.all(answers.map((res) => res.text()));
      expect(answers.every((res) => res.status === 200)).toBe(true);
      expect(answers[0]?.headers.get('content-type')).toMatch(/^application\/json/);
      expect(new Set(bodies).size).toBe(1);
      expect(listReads()).toBe(1);
      await namesIn(admin, 'start=6h');
      expect(listReads()).toBe(1);
      // A new check is listed at once after a canary write of this process, not a cache period later.
      expect((await apiCall(t.app, 'POST', '/api/canaries', admin, canary('gamma'))).status).toBe(201);
      expect(await namesIn(admin, 'start=6h')).toEqual(['alpha', 'beta', 'gamma']);
      expect(listReads()).toBe(2);
    } finally {
      query.mockRestore();
    }
  });
});

describe('summary compression', () => {
  it('sends the cached answer compressed as the caller accepts, the same JSON as uncompressed', async () => {
    const plain = await apiCall(t.app, 'GET', '/api/canary/api/summary?start=12h', admin);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const json = await plain.text();
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await apiCall(t.app, 'GET', '/api/canary/api/summary?start=12h', admin, undefined, {
        'accept-encoding': `${coding}, deflate`,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(decode(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(json);
    }
  });
});

describe('SingleFlightCache', () => {
  it('shares a computation in flight, keeps its value for the time to live, never keeps a failure', async () => {
    let clock = 0;
    const cache = new SingleFlightCache<number>(1_000, () => clock);
    let computed = 0;
    let release: (value: number) => void = () => {};
    const slow = () => {
      computed++;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.get('k', slow);
    const second = cache.get('k', slow);
    release(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(computed).toBe(1);
    clock = 999;
    expect(await cache.get('k', async () => 8)).toBe(7);
    clock = 1_000;
    expect(await cache.get('k', async () => 8)).toBe(8);
    await expect(cache.get('bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 9)).toBe(9);
  });

  it('with no time to live, shares only what is in flight', async () => {
    const cache = new SingleFlightCache<number>(0);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([1, 1]);
    expect(await cache.get('k', compute)).toBe(2);
  });
});
