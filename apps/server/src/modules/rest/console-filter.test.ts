import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFilters } from './console-filter.js';
import { evaluateDateMath } from './date-math.js';
import { parseQuery } from './parse-query.js';
import { PgrstError } from './pgrst-error.js';
import { createRestTestApp, type RestTestApp } from './testing/rest-test-app.js';

/** A Wednesday, mid-afternoon: week, day and business-day rounding each move it. */
const NOW = new Date('2026-03-11T15:42:17.250Z');
const field = { name: 'status', path: [] };

describe('date math (go-datemath as upstream evaluates it)', () => {
  it.each([
    ['now', '2026-03-11T15:42:17.250Z'],
    ['now-2d', '2026-03-09T15:42:17.250Z'],
    ['now-1h+30m', '2026-03-11T15:12:17.250Z'],
    ['now/d', '2026-03-11T00:00:00.000Z'],
    ['now-1d/d', '2026-03-10T00:00:00.000Z'],
    ['now/w', '2026-03-09T00:00:00.000Z'],
    ['now/M', '2026-03-01T00:00:00.000Z'],
    ['now/Q', '2026-01-01T00:00:00.000Z'],
    ['now-1y/y', '2025-01-01T00:00:00.000Z'],
    ['now+3b', '2026-03-16T15:42:17.250Z'],
    ['now-10s', '2026-03-11T15:42:07.250Z'],
    ['now-1H', '2026-03-11T14:42:17.250Z'],
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31||+1M', '2026-03-03T00:00:00.000Z'],
    ['2026-01-31T10:00:00+02:00||/h', '2026-01-31T08:00:00.000Z'],
  ])('%s', (text, expected) => {
    const at = evaluateDateMath(text, NOW);
    expect(at instanceof Date ? at.toISOString() : at).toBe(expected);
  });

  it.each(['yesterday', 'now-', 'now-2x', 'now-d', '2026-13-40', '2026-01-31+1d', 'now+99999b'])(
    '%s is refused',
    (text) => {
      expect(typeof evaluateDateMath(text, NOW)).toBe('string');
    },
  );
});

describe('the console filter convention', () => {
  it('lists become in and not.in, patterns like, each ANDed', () => {
    expect(consoleFilters('status', field, 'a,b,!c,!d,x*,*y,*z*,!w*', NOW)).toEqual([
      { field, negate: false, op: 'in', value: ['a', 'b'] },
      { field, negate: true, op: 'in', value: ['c', 'd'] },
      { field, negate: false, op: 'like', value: 'x*' },
      { field, negate: false, op: 'like', value: '*y' },
      { field, negate: false, op: 'like', value: '*z*' },
      { field, negate: true, op: 'like', value: 'w*' },
    ]);
    expect(consoleFilters('status', field, '', NOW)).toEqual([]);
  });

  it('date columns read date math with an optional =, > or < (lt when none)', () => {
    const at = { name: 'created_at', path: [] };
    expect(consoleFilters('created_at', at, 'now-2d', NOW)).toEqual([
      { field: at, negate: false, op: 'lt', value: '2026-03-09T15:42:17Z' },
    ]);
    expect(consoleFilters('created_at', at, '>now-1h', NOW)[0]).toMatchObject({
      op: 'gt',
      value: '2026-03-11T14:42:17Z',
    });
    expect(consoleFilters('created_at', at, '=now/d', NOW)[0]).toMatchObject({
      op: 'eq',
      value: '2026-03-11T00:00:00Z',
    });
  });

  it('a bad date is a 400 naming the field and the expression', () => {
    let error: unknown;
    try {
      parseQuery(new URLSearchParams('created_at.filter=>now-2x'), new Set(), NOW);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PgrstError);
    expect((error as PgrstError).status).toBe(400);
    expect((error as PgrstError).body).toMatchObject({
      code: 'PGRST100',
      message: 'failed to parse filter (created_at.filter=>now-2x)',
      details: expect.stringContaining('invalid datemath expression ("now-2x") for field (created_at)'),
    });
  });

  it('goes to the level its key names; only a key ending in .filter is rewritten', () => {
    const parsed = parseQuery(new URLSearchParams('checks.status.filter=a,b&filter=eq.x'), new Set(), NOW);
    expect(parsed.nodes.get('checks')?.conditions).toEqual([
      { kind: 'filter', filter: { field, negate: false, op: 'in', value: ['a', 'b'] } },
    ]);
    expect(parsed.nodes.get('')?.conditions[0]).toMatchObject({ filter: { field: { name: 'filter' }, op: 'eq' } });
  });
});

describe('the console filter convention over HTTP', () => {
  let t: RestTestApp;
  const names = async (query: string): Promise<string[]> => {
    const res = await t.request(`/api/db/job_histories?select=name&order=name&${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { name: string }[]).map((r) => r.name);
  };

  beforeAll(async () => {
    t = await createRestTestApp();
    await t.database.pool.query(
      `INSERT INTO job_history (name, status, time_start, created_at) VALUES
        ('sync-a', 'SUCCESS', now() - interval '3 hours', now() - interval '3 hours'),
        ('sync-b', 'FAILED', now() - interval '30 minutes', now() - interval '30 minutes'),
        ('scrape-c', 'WARNING', now() - interval '3 days', now() - interval '3 days'),
        ('x-sync', 'SKIPPED', now() - interval '5 days', now() - interval '5 days')`,
    );
  });
  afterAll(() => t.close());

  it('answers the console calls as upstream’s proxy makes them answer', async () => {
    expect(await names('status.filter=!SUCCESS')).toEqual(['scrape-c', 'sync-b', 'x-sync']);
    expect(await names('status.filter=!SKIPPED,!FAILED')).toEqual(['scrape-c', 'sync-a']);
    expect(await names('status.filter=SUCCESS,FAILED')).toEqual(['sync-a', 'sync-b']);
    expect(await names('status.filter=FAILED,!FAILED')).toEqual([]);
    expect(await names('name.filter=sync*')).toEqual(['sync-a', 'sync-b']);
    expect(await names('name.filter=*sync')).toEqual(['x-sync']);
    expect(await names('name.filter=*c*')).toEqual(['scrape-c', 'sync-a', 'sync-b', 'x-sync']);
    expect(await names('name.filter=!sync*')).toEqual(['scrape-c', 'x-sync']);
    expect(await names('created_at.filter=>now-1h')).toEqual(['sync-b']);
    expect(await names('created_at.filter=now-2d')).toEqual(['scrape-c', 'x-sync']);
    expect(await names('created_at.filter=<now-4d')).toEqual(['x-sync']);
    expect(await names('status.filter=')).toHaveLength(4);
  });

  it('reads the summary view the notification history page reads', async () => {
    const res = await t.request('/api/db/notification_send_history_summary?status.filter=!skipped,!silenced&select=id');
    expect([res.status, await res.json()]).toEqual([200, []]);
  });

  it('answers a bad value with a 400 saying what is wrong', async () => {
    const res = await t.request('/api/db/job_histories?created_at.filter=>now-1q');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'PGRST100',
      details: expect.stringContaining('invalid datemath expression ("now-1q") for field (created_at)'),
    });
    const column = await t.request('/api/db/job_histories?nope.filter=a');
    expect([column.status, ((await column.json()) as { code: string }).code]).toEqual([400, '42703']);
  });
});
