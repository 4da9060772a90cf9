import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fromRowColumns } from '@mc/contracts';
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

describe('summary as columns', () => {
  it('answers the same checks as columns when asked (format: columns), with the same head', async () => {
    const rows = await apiCall(t.app, 'POST', '/api/canary/api/summary', admin, { start: '18h' });
    const columns = await apiCall(t.app, 'POST', '/api/canary/api/summary', admin, { start: '18h', format: 'columns' });
    expect(columns.status).toBe(200);
    const text = await columns.text();
    expect(text.startsWith('{"checks_columns":')).toBe(true);
    const { checks_columns, ...head } = JSON.parse(text) as { checks_columns: unknown } & Record<string, unknown>;
    const { checks_summary, ...rowsHead } = (await rows.json()) as { checks_summary: object[] } & Record<
      string,
      unknown
    >;
    expect(checks_summary.length).toBeGreaterThanOrEqual(2);
    expect(fromRowColumns(checks_columns)).toEqual(checks_summary);
    expect(Object.keys(head).sort()).toEqual(Object.keys(rowsHead).sort());
    expect(text).not.toContain('"checks_summary"');
  });

  it('refuses a format it does not know, naming the field', async () => {
    const res = await apiCall(t.app, 'POST', '/api/canary/api/summary', admin, { start: '1h', format: 'rows' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("format must be 'columns'");
  });

  it('keeps a deny row’s scope in the columns answer too', async () => {
    const res = await apiCall(t.app, 'GET', '/api/canary/api/summary?start=24h&format=columns', denied);
    const { checks_columns } = (await res.json()) as { checks_columns: unknown };
    const names = fromRowColumns<{ canary_name: string }>(checks_columns).map((check) => check.canary_name);
    expect(names).not.toContain('alpha');
    expect(names).toContain('beta');
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

  it('keeps a costly value for costFactor times its computation, and refreshes it no sooner', async () => {
    let clock = 0;
    const timers: number[] = [];
    const cache = new SingleFlightCache<number>(
      1_000,
      () => clock,
      { forMs: 60_000, maxKeys: 1 },
      (_run, ms) => timers.push(ms),
      10,
    );
    let release: (value: number) => void = () => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        release = resolve;
      });
    const first = cache.get('k', slow);
    clock = 500; // a computation of 500 ms: the value answers for 5 s, not 1 s
    release(1);
    expect(await first).toBe(1);
    expect(timers).toEqual([5_000]);
    clock = 5_499;
    expect(await cache.get('k', async () => 2)).toBe(1);
    clock = 5_500;
    expect(await cache.get('k', async () => 2)).toBe(2);
    // a cheap computation keeps the time to live as its period
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers.at(-1)).toBe(1_000);
  });

  it('with no time to live, shares only what is in flight', async () => {
    const cache = new SingleFlightCache<number>(0);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([1, 1]);
    expect(await cache.get('k', compute)).toBe(2);
  });
});

describe('SingleFlightCache kept warm', () => {
  const setup = (forMs = 10_000, maxKeys = 2) => {
    let clock = 0;
    const timers: { at: number; run: () => void }[] = [];
    const prepared: [number, number][] = [];
    const cache = new SingleFlightCache<number>(
      1_000,
      () => clock,
      {
        forMs,
        maxKeys,
        prepare: async (previous, next) => {
          prepared.push([previous, next]);
        },
      },
      (run, ms) => {
        timers.push({ at: clock + ms, run });
      },
    );
    /** Moves the clock and fires the timers due, letting their computations settle. */
    const advance = async (to: number) => {
      clock = to;
      const due = timers.filter((timer) => timer.at <= to);
      timers.splice(0, timers.length, ...timers.filter((timer) => timer.at > to));
      for (const timer of due) timer.run();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { cache, advance, prepared, timers };
  };

  it('computes a recently asked value again when its period ends; the old one answers until the new is ready', async () => {
    const { cache, advance, prepared } = setup();
    let computed = 0;
    let release: ((value: number) => void) | undefined;
    const compute = () => {
      computed++;
      if (computed === 1) return Promise.resolve(1);
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    expect(await cache.get('k', compute)).toBe(1);
    await advance(1_000);
    expect(computed).toBe(2);
    // past its period but being refreshed: the old value answers at once, nothing more is computed
    expect(await cache.get('k', compute)).toBe(1);
    expect(computed).toBe(2);
    release?.(2);
    await advance(1_100);
    expect(await cache.get('k', compute)).toBe(2);
    expect(prepared).toEqual([[1, 2]]);
    expect(computed).toBe(2);
  });

  it('lets a value go cold once nobody asked for it within forMs, and keeps at most maxKeys warm', async () => {
    const { cache, advance } = setup(1_500, 2);
    const counts: Record<string, number> = {};
    const compute = (key: string) => async () => {
      counts[key] = (counts[key] ?? 0) + 1;
      return counts[key];
    };
    for (const key of ['a', 'b', 'c']) await cache.get(key, compute(key));
    await advance(1_000);
    // 'a' is not among the two most recently asked keys
    expect(counts).toEqual({ a: 1, b: 2, c: 2 });
    await advance(2_000);
    expect(counts).toEqual({ a: 1, b: 2, c: 2 });
    // nobody asked since 0: 2,000 ms > forMs, so b and c go cold and expire
    expect(await cache.get('b', compute('b'))).toBe(3);
  });

  it('a failed refresh leaves the old value to expire; a cleared cache discards a refresh in flight', async () => {
    const { cache, advance } = setup();
    let calls = 0;
    let release: ((value: number) => void) | undefined;
    const compute = () => {
      calls++;
      if (calls === 1) return Promise.resolve(1);
      if (calls === 2) return Promise.reject(new Error('down'));
      if (calls === 3) return Promise.resolve(3);
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    expect(await cache.get('k', compute)).toBe(1);
    await advance(1_000);
    expect(calls).toBe(2);
    // the refresh failed: the expired value is dropped and the caller computes afresh
    expect(await cache.get('k', compute)).toBe(3);
    await advance(2_000);
    expect(calls).toBe(4);
    cache.clear();
    release?.(4);
    await advance(2_100);
    // the refresh finished after the clear: it is not kept, the next caller computes
    expect(await cache.get('k', async () => 9)).toBe(9);
  });
});
