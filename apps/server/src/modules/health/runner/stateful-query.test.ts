import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteAbsent, portOpen } from '../check-types/testing/targets.js';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';
import { runCanaryJob } from './run-canary.job.js';

/**
 * canary-checker's stateful SQL checks (checks/sql.go, api/context/functions.go): the query is a Go
 * template rendered before each run with `last_result`, the check's previous run read from the
 * database; values that could change the statement are refused rather than pasted into the SQL.
 */
const up = await portOpen('127.0.0.1', 5432);
noteAbsent('PostgreSQL at 127.0.0.1:5432', up);
const mariadbUp = await portOpen('127.0.0.1', 3306);
noteAbsent('MariaDB at 127.0.0.1:3306', mariadbUp);
const url = 'postgres://root@127.0.0.1:5432/test';
/** Counts up from the previous run's `n` (1 on the first run). */
const COUNTER =
  'SELECT {{ if last_result.results.rows }}{{ (index last_result.results.rows 0).n }} + 1{{ else }}1{{ end }} AS n';

let t: HealthTestApp;
let admin: string;

beforeAll(async () => {
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
});

afterAll(async () => {
  await t?.close();
});

const canary = (name: string, postgres: Record<string, unknown>[], type = 'postgres') => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name, namespace: 'default' },
  spec: { schedule: '@every 1h', [type]: postgres },
});

async function save(name: string, query: string, type = 'postgres'): Promise<{ canaryId: string; checkId: string }> {
  const target = type === 'mysql' ? 'mysql://root@127.0.0.1:3306/test' : url;
  const res = await t.call(
    admin,
    'POST',
    '/api/canaries',
    canary(name, [{ name: `${name}-q`, url: target, query }], type),
  );
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  const { rows } = await t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [body.id]);
  return { canaryId: body.id, checkId: rows[0].id };
}

async function run(canaryId: string) {
  await runCanaryJob.handler({
    payload: { canaryId },
    signal: new AbortController().signal,
    job: { id: 'test', name: 'run_canary', attempt: 1, maxAttempts: 1 },
    // The job reads only the database from its deps.
    deps: { config: {} as never, database: t.database, logger: {} as never },
  });
}

async function latest(checkId: string) {
  const { rows } = await t.database.pool.query(
    'SELECT status, message, details FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1',
    [checkId],
  );
  return rows[0];
}

/** A run stored before this process started (another replica's, or one before a restart). */
async function storedRun(checkId: string, details: Record<string, unknown>) {
  await t.database.pool.query(
    `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, details)
     VALUES ($1, now() - interval '1 minute', true, false, 5, 'ok', $2)`,
    [checkId, JSON.stringify(details)],
  );
}

describe.skipIf(!up)('stateful SQL checks: the query templated with last_result', () => {
  it('renders the query with the previous run: empty on the first run, its rows on the next', async () => {
    const { canaryId, checkId } = await save('counter', COUNTER);
    await run(canaryId);
    expect(await latest(checkId)).toMatchObject({ status: true, details: { rows: [{ n: 1 }], count: 1 } });
    await run(canaryId);
    expect((await latest(checkId)).details.rows).toEqual([{ n: 2 }]);
    await run(canaryId);
    expect((await latest(checkId)).details.rows).toEqual([{ n: 3 }]);
  });

  it('reads the previous run from the database, so a restart or another replica sees it', async () => {
    const { canaryId, checkId } = await save('restarted', COUNTER);
    await storedRun(checkId, { rows: [{ n: 41 }], count: 1 });
    await run(canaryId);
    expect((await latest(checkId)).details.rows).toEqual([{ n: 42 }]);
  });

  it("gives upstream's empty run first, then the previous status, duration and results, and check and canary", async () => {
    const query =
      "SELECT '{{ last_result.status }}|{{ last_result.duration }}|{{ len last_result.results }}{{ last_result.results.count }}|{{ .check.name }}|{{ .canary.name }}' AS seen";
    const { canaryId, checkId } = await save('shape', query);
    await run(canaryId);
    expect((await latest(checkId)).details.rows).toEqual([{ seen: '|0|0<no value>|shape-q|shape' }]);
    await run(canaryId);
    const [{ seen }] = (await latest(checkId)).details.rows;
    expect(seen).toMatch(/^true\|\d+\|\d1\|shape-q\|shape$/);
  });

  it('refuses to paste a previous value that could change the statement, naming its path', async () => {
    const { canaryId, checkId } = await save('injected', COUNTER);
    await storedRun(checkId, { rows: [{ n: '1; DROP TABLE checks' }], count: 1 });
    await run(canaryId);
    expect(await latest(checkId)).toMatchObject({
      status: false,
      message:
        'query: last_result.results.rows.0.n holds text that could change the SQL statement (a quote, backslash, ;, $, #, comment or line break); it is not put into the query',
    });
    const { rows } = await t.database.pool.query("SELECT to_regclass('checks') AS kept");
    expect(rows[0].kept).toBe('checks');
  });

  it('refuses at save a query template that cannot render, naming the field', async () => {
    const res = await t.call(
      admin,
      'POST',
      '/api/canaries',
      canary('bad', [{ name: 'bad-q', url, query: 'SELECT {{ exec.Command "id" }}' }]),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(
      'spec.postgres[0].query: template function exec.Command is not supported',
    );
  });
});

describe.skipIf(!mariadbUp)('stateful SQL checks on MySQL (MariaDB)', () => {
  it('renders the query with the previous run, as on PostgreSQL', async () => {
    const { canaryId, checkId } = await save('my-counter', COUNTER, 'mysql');
    await run(canaryId);
    await run(canaryId);
    expect(await latest(checkId)).toMatchObject({ status: true, details: { rows: [{ n: 2 }], count: 1 } });
  });
});
