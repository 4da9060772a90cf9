import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHttpChecks, type PackedHistory, recordPackedHistory } from '../testing/packed-history.js';
import { newestRunsBlockSql, timeBlockRangeSql } from './time-block-bounds.js';

/** The bounds readers of check_statuses add (migration 0200), on packed blocks of four runs an hour. */
let database: Database;
let checkId: string;
let history: PackedHistory;
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  const [check] = await insertHttpChecks(database, 'bounds', ['b']);
  checkId = check?.id ?? '';
  history = await recordPackedHistory(database, checkId, { runsPerHour: 4 });
});
afterAll(() => database.close());

const hoursAgo = (h: number) => new Date(history.hourNow - h * HOUR);

describe('newestRunsBlockSql', () => {
  const bound = async (count: number, before?: Date) => {
    const { rows } = await database.pool.query<{ hour: Date | number }>(
      `SELECT ${newestRunsBlockSql('$1::uuid', '$2::int', before ? '$3' : undefined)} AS hour`,
      before ? [checkId, count, before.toISOString()] : [checkId, count],
    );
    const hour = rows[0]?.hour;
    return hour instanceof Date ? hour.getTime() : hour;
  };

  it('is the oldest block the newest runs lie in, counted from the blocks’ run counts', async () => {
    expect(await bound(1)).toBe(hoursAgo(2).getTime());
    expect(await bound(4)).toBe(hoursAgo(2).getTime());
    expect(await bound(5)).toBe(hoursAgo(3).getTime());
    expect(await bound(12)).toBe(hoursAgo(4).getTime());
    expect(await bound(13)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('counts only the blocks wholly before `before`', async () => {
    expect(await bound(1, new Date(hoursAgo(2).getTime() + 30 * 60_000))).toBe(hoursAgo(3).getTime());
    expect(await bound(5, hoursAgo(2))).toBe(hoursAgo(4).getTime());
    expect(await bound(9, hoursAgo(2))).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('timeBlockRangeSql', () => {
  it('keeps exactly the runs of the range, whatever the comparison', async () => {
    const from = new Date(hoursAgo(4).getTime() + 20 * 60_000);
    const to = new Date(hoursAgo(1).getTime() + 10 * 60_000);
    const { rows } = await database.pool.query<{ duration: number }>(
      `SELECT duration FROM check_statuses s WHERE s.check_id = $1 AND s.time > $2 AND s.time <= $3
         AND ${timeBlockRangeSql({ alias: 's', from: '$2', to: '$3' })} ORDER BY s.time`,
      [checkId, from.toISOString(), to.toISOString()],
    );
    expect(rows.map((row) => row.duration)).toEqual(
      history.runs.filter((run) => run.time > from && run.time <= to).map((run) => run.duration),
    );
    expect(() => timeBlockRangeSql({ alias: 's' })).toThrow(/from or a to/);
  });
});

/** A plan node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Node Type': string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/**
 * How many blocks a query decodes: a block's runs are its positions, one generate_series (a ProjectSet
 * node) run once per block (check_result_block_runs, migration 0233).
 */
async function blocksDecoded(text: string, params: unknown[]): Promise<number> {
  const { rows } = await database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
    params,
  );
  const walk = (node: PlanNode): number =>
    (node['Node Type'] === 'ProjectSet' ? (node['Actual Loops'] ?? 0) : 0) +
    (node.Plans ?? []).reduce((sum, child) => sum + walk(child), 0);
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error('no plan');
  return walk(plan);
}

describe('what the bounds spare', () => {
  it('decodes only the blocks of the ranges, also when the ranges are joined by OR', async () => {
    const ranges = [
      [hoursAgo(4), new Date(hoursAgo(4).getTime() + 30 * 60_000)],
      [hoursAgo(1), new Date(Date.now() + 1000)],
    ].map(([from, to]) => [from?.toISOString(), to?.toISOString()]);
    const params = [checkId, ...ranges.flat()];
    const times = '((s.time >= $2 AND s.time < $3) OR (s.time >= $4 AND s.time < $5))';
    const all = `SELECT s.duration FROM check_statuses s WHERE s.check_id = $1 AND ${times}`;
    const bounded = `${all} AND ${timeBlockRangeSql([
      { alias: 's', from: '$2', to: '$3' },
      { alias: 's', from: '$4', to: '$5' },
    ])}`;
    expect(await blocksDecoded(all, params)).toBe(3);
    expect(await blocksDecoded(bounded, params)).toBe(1);
    expect((await database.pool.query(bounded, params)).rows).toEqual((await database.pool.query(all, params)).rows);
  });

  it('decodes only the newest block for the newest run', async () => {
    const newest = `SELECT s.duration FROM check_statuses s WHERE s.check_id = $1
      AND s.time_block >= ${newestRunsBlockSql('$1', '1')} ORDER BY s.time DESC LIMIT 1`;
    expect(await blocksDecoded(newest, [checkId])).toBe(1);
    expect((await database.pool.query(newest, [checkId])).rows).toEqual([{ duration: history.runs.at(-1)?.duration }]);
  });
});
