/**
 * Test data of the SLOs area: a check with a minute-by-minute run history ending now, written through
 * the check_statuses view so the rollups are kept as the runner keeps them.
 */
import type { Database } from '@mc/db';

/** A canary and a check named `name`; answers the check's id. */
export async function buildCheck(database: Database, name: string): Promise<string> {
  const { rows: canary } = await database.pool.query<{ id: string }>(
    `INSERT INTO canaries (name, spec) VALUES ($1, '{}') RETURNING id`,
    [`canary-${name}`],
  );
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', $2, 'healthy') RETURNING id`,
    [canary[0]?.id, name],
  );
  return rows[0]?.id ?? '';
}

/**
 * `count` runs of a check, one a minute, the newest 30 s before `now` (so a window of m minutes ending a
 * few seconds later still holds exactly m of them); run i (0 = newest) fails when `failed(i)`, and
 * takes `duration(i)` ms.
 */
export async function buildRuns(
  database: Database,
  checkId: string,
  count: number,
  now: Date,
  failed: (i: number) => boolean = () => false,
  duration: (i: number) => number = () => 50,
): Promise<void> {
  const times: string[] = [];
  const statuses: boolean[] = [];
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push(new Date(now.getTime() - i * 60_000 - 30_000).toISOString());
    statuses.push(!failed(i));
    durations.push(duration(i));
  }
  await database.pool.query(
    `INSERT INTO check_statuses (check_id, time, status, duration)
     SELECT $1, t, s, d FROM unnest($2::timestamptz[], $3::boolean[], $4::int[]) AS x(t, s, d)`,
    [checkId, times, statuses, durations],
  );
}
