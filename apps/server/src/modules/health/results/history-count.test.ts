import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { Condition } from '../../rest/index.js';
import { insertHttpChecks, type PackedHistory, recordPackedHistory } from '../testing/packed-history.js';
import { checkHistoryCount } from './history-count.js';
import { recordResults } from './results.service.js';

/**
 * The exact total of one check's history (`/api/db/check_statuses`, `Prefer: count=exact`) from the packed
 * hours' run counts (history-count.ts): equal to count(*) of the view for every range — across the pack
 * boundary, at hour boundaries and on a run's own time, with a late row inside a packed hour — and counted
 * from the rows for every filter it does not cover.
 */
let t: TestApp;
let viewer: string;
let checkId: string;
let otherId: string;
let history: PackedHistory;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const hoursAgo = (h: number, minutes = 0) => new Date(history.hourNow - h * HOUR + minutes * MINUTE).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  const [check, other] = await insertHttpChecks(t.database, 'history-count', ['counted', 'other']);
  checkId = check?.id ?? '';
  otherId = other?.id ?? '';
  history = await recordPackedHistory(t.database, checkId, { packedHours: 4, runsPerHour: 5 });
  await recordPackedHistory(t.database, otherId, { packedHours: 2, runsPerHour: 3 });
  // a late run of a packed hour: a row until the next pack merges it into its block
  await recordResults(t.database.db, [
    {
      checkId,
      time: new Date(history.hourNow - 3 * HOUR + 31 * MINUTE),
      result: { status: 'healthy', duration: 999, message: 'late', details: { code: 200 } },
      nextRuntime: null,
    },
  ]);
});
afterAll(() => t?.close());

/** The total the API answers in Content-Range. */
async function total(query: string): Promise<number> {
  const res = await apiCall(
    t.app,
    'GET',
    `/api/db/check_statuses?select=time&limit=1&check_id=eq.${checkId}&${query}`,
    viewer,
    undefined,
    { prefer: 'count=exact' },
  );
  if (res.status !== 200 && res.status !== 206) throw new Error(`${res.status} ${await res.text()}`);
  return Number((res.headers.get('content-range') ?? '').split('/')[1]);
}

/** count(*) of the check's runs in the view under `where` ($2…). */
async function counted(where: string, values: unknown[]): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM check_statuses WHERE check_id = $1 AND (${where})`,
    [checkId, ...values],
  );
  return Number(rows[0]?.n);
}

describe('the exact total of a check’s history', () => {
  it('is count(*) of the view for every range, across the pack boundary and with a late row', async () => {
    const run = history.runs[7]?.time.toISOString() ?? '';
    const cases: [string, string, unknown[]][] = [
      ['', 'true', []],
      [
        `time=gte.${hoursAgo(4, 20)}&time=lte.${hoursAgo(1, 10)}`,
        'time >= $2 AND time <= $3',
        [hoursAgo(4, 20), hoursAgo(1, 10)],
      ],
      [`time=gt.${run}&time=lt.${hoursAgo(0, 90)}`, 'time > $2 AND time < $3', [run, hoursAgo(0, 90)]],
      [`time=gte.${run}`, 'time >= $2', [run]],
      [`time=lte.${run}`, 'time <= $2', [run]],
      [`time=gte.${hoursAgo(4)}&time=lt.${hoursAgo(2)}`, 'time >= $2 AND time < $3', [hoursAgo(4), hoursAgo(2)]],
      [`time=gt.${hoursAgo(4)}&time=lte.${hoursAgo(2)}`, 'time > $2 AND time <= $3', [hoursAgo(4), hoursAgo(2)]],
      [
        `time=gte.${hoursAgo(3, 5)}&time=lte.${hoursAgo(3, 40)}`,
        'time >= $2 AND time <= $3',
        [hoursAgo(3, 5), hoursAgo(3, 40)],
      ],
      [`time=lt.${hoursAgo(10)}`, 'time < $2', [hoursAgo(10)]],
      [`time=gte.${hoursAgo(2)}&time=lte.${hoursAgo(4)}`, 'time >= $2 AND time <= $3', [hoursAgo(2), hoursAgo(4)]],
      // not covered: counted from the rows, with the same answer
      [`status=eq.true&time=gte.${hoursAgo(4, 20)}`, 'status AND time >= $2', [hoursAgo(4, 20)]],
      [`time=gte.${hoursAgo(5)}&time=gte.${hoursAgo(3)}`, 'time >= $2', [hoursAgo(3)]],
      [`time=eq.${run}`, 'time = $2', [run]],
      [`or=(time.lt.${hoursAgo(3)},time.gt.${hoursAgo(1)})`, 'time < $2 OR time > $3', [hoursAgo(3), hoursAgo(1)]],
    ];
    for (const [query, where, values] of cases) {
      expect(await total(query), query).toBe(await counted(where, values));
    }
    // the late row and every stored run are counted once
    expect(await total('')).toBe(history.runs.length + 1);
  });

  it('answers a malformed check id or time with a 400, as the rows would', async () => {
    for (const query of ['check_id=eq.not-a-uuid&time=gte.2026-01-01', `check_id=eq.${checkId}&time=gte.not-a-time`]) {
      const res = await apiCall(
        t.app,
        'GET',
        `/api/db/check_statuses?select=time&limit=1&${query}`,
        viewer,
        undefined,
        {
          prefer: 'count=exact',
        },
      );
      expect(res.status).toBe(400);
    }
  });

  it('decodes only the blocks of the range’s ends', async () => {
    const values: unknown[] = [];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const filter = (name: string, op: 'eq' | 'gte' | 'lte', value: string): Condition => ({
      kind: 'filter',
      filter: { field: { name, path: [] }, negate: false, op, value },
    });
    const sql = checkHistoryCount({
      conditions: [
        filter('check_id', 'eq', checkId),
        filter('time', 'gte', hoursAgo(5, 20)),
        filter('time', 'lte', hoursAgo(2, 10)),
      ],
      param,
    });
    if (!sql) throw new Error('a check and a time range are counted from the blocks');
    const { rows } = await t.database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT ${sql}`,
      values,
    );
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('no plan');
    expect(projectSetLoops(plan)).toBe(2);
    expect(checkHistoryCount({ conditions: [filter('status', 'eq', 'true')], param })).toBeUndefined();
    expect(checkHistoryCount({ conditions: [filter('time', 'gte', hoursAgo(1))], param })).toBeUndefined();
  });
});

/** A plan node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Node Type': string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Blocks decoded: check_result_block_runs reads a block's positions with one ProjectSet per block. */
function projectSetLoops(node: PlanNode): number {
  return (
    (node['Node Type'] === 'ProjectSet' ? (node['Actual Loops'] ?? 0) : 0) +
    (node.Plans ?? []).reduce((sum, child) => sum + projectSetLoops(child), 0)
  );
}
