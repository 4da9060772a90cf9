/**
 * Topology benchmark (issue 14): 50,000 components five levels deep (5 roots, 50, 500, 5,000, then
 * 44,445 leaves) linked to 10,000 checks, on PostgreSQL, behind a real server process with a real
 * signed-in session. Times through HTTP:
 *
 * - the dashboard's data (`GET /api/canary/api/topology?depth=0&hidden=true`, the roots' cards),
 * - a component's detail (`?id=<component>&depth=1`, the component, its children, breadcrumbs, badges),
 * - the roll-up: a result stored for a linked check (the health area's result writer, one statement)
 *   flips the check, and the root's status is polled over HTTP until it shows the change;
 *
 * beside a baseline in the same run: the dashboard's statement sent straight through `pg`, and
 * `GET /health` through the same server. Prints p50/p95/p99 and fails (exit 1) when the dashboard p99 is
 * above 100 ms, the detail's above 50 ms, or a roll-up took longer than 1 s.
 *
 *   node --import tsx bench/topology/topology.bench.ts [runs=300] [scale=1]
 *
 * Uses a throw-away database on the PostgreSQL at MC_TEST_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { recordResults } from '../../apps/server/src/modules/health/index.js';
import { BENCH_ADMIN, percentile, sleep, startBenchServer } from '../health/bench-server.js';

const RUNS = Number(process.argv[2] ?? 300);
/** 1 is the size; a smaller share (e.g. 0.01) checks the bench itself quickly. */
const SCALE = Number(process.argv[3] ?? 1);
const LEVELS = [5, 50, 500, 5_000, 44_445].map((n) => Math.max(1, Math.round(n * SCALE)));
const CHECKS = Math.max(1, Math.round(10_000 * SCALE));
const BUDGET = { dashboard: 100, detail: 50, rollup: 1_000 };

function report(label: string, times: number[], budget?: number): boolean {
  const sorted = [...times].sort((a, b) => a - b);
  const p99 = percentile(sorted, 0.99);
  const ok = budget === undefined || p99 <= budget;
  console.log(
    `${label.padEnd(44)} runs ${String(times.length).padStart(4)}  p50 ${percentile(sorted, 0.5).toFixed(2).padStart(7)} ms  ` +
      `p95 ${percentile(sorted, 0.95).toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms  ` +
      (budget === undefined ? 'baseline' : `budget p99 ≤ ${budget} ms  ${ok ? 'PASS' : 'FAIL'}`),
  );
  return ok;
}

async function seed(database: ReturnType<typeof connectPostgres>): Promise<void> {
  const started = performance.now();
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  await q(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ('topology-bench', 'default', '{}'::jsonb, 'UI')`,
  );
  await q(
    `INSERT INTO checks (canary_id, type, name, status)
    SELECT (SELECT id FROM canaries WHERE name = 'topology-bench'), 'http', 'bench-check-' || g, 'healthy'
    FROM generate_series(1, $1::int) AS g`,
    [CHECKS],
  );
  await q(`INSERT INTO topologies (name, spec) VALUES ('topology-bench', '{}'::jsonb)`);
  await q('CREATE TEMP TABLE seed_levels (level int, n int, id uuid, path text)');
  let previous = 0;
  for (const [level, count] of LEVELS.entries()) {
    await q(
      `WITH parents AS (SELECT row_number() OVER (ORDER BY n) - 1 AS k, id, path FROM seed_levels WHERE level = $1 - 1),
        made AS (
          INSERT INTO components (topology_id, external_id, parent_id, name, type, status, health, path, properties, labels, owner)
          SELECT (SELECT id FROM topologies WHERE name = 'topology-bench'), 'bench/' || $1 || '/' || g, p.id,
            'component-' || $1 || '-' || g, (ARRAY['Cluster', 'Namespace', 'Service', 'Deployment', 'Pod'])[$1 + 1],
            'unknown', 'healthy', CASE WHEN p.id IS NULL THEN NULL ELSE concat_ws('.', p.path, p.id::text) END,
            jsonb_build_array(jsonb_build_object('name', 'memory', 'value', g * 1024, 'unit', 'bytes')),
            jsonb_build_object('tier', (ARRAY['front', 'back', 'data'])[1 + g % 3]), (ARRAY['sre', 'payments'])[1 + g % 2]
          FROM generate_series(1, $2::int) AS g LEFT JOIN parents p ON p.k = (g - 1) % greatest($3::int, 1)
          RETURNING id, path, external_id)
      INSERT INTO seed_levels SELECT $1, split_part(external_id, '/', 3)::int, id, path FROM made`,
      [level, count, previous],
    );
    previous = count;
  }
  await q('ALTER TABLE check_component_relationships DISABLE TRIGGER check_component_relationships_rollup');
  await q(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id)
    SELECT s.id, k.id, k.canary_id, 'bench' FROM seed_levels s
    JOIN (SELECT id, canary_id, row_number() OVER (ORDER BY id) - 1 AS k FROM checks) k ON k.k = s.n % $1
    WHERE s.level = $2`,
    [CHECKS, LEVELS.length - 1],
  );
  await q('ALTER TABLE check_component_relationships ENABLE TRIGGER check_component_relationships_rollup');
  await q(`SELECT topology_rollup(id) FROM topologies WHERE name = 'topology-bench'`);
  // Planner statistics as autovacuum would have them a minute later, so the timed reads use the plans a
  // running install gets (right after a bulk insert the planner guesses from empty tables).
  await q('ANALYZE');
  console.log(
    `seeded ${LEVELS.reduce((a, b) => a + b)} components and ${CHECKS} checks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const { url, drop } = await createPostgresTestUrl();
const server = await startBenchServer({ DATABASE_URL: url });
const database = connectPostgres(url, { max: 4, applicationName: 'topology-bench' });
let ok = true;
try {
  await seed(database);
  const token = await server.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const pick = await database.pool.query<{ id: string; level: number }>(
    `SELECT id, (length(coalesce(path, '')) - length(replace(coalesce(path, ''), '.', '')) + CASE WHEN path IS NULL THEN 0 ELSE 1 END) AS level
     FROM components WHERE deleted_at IS NULL AND parent_id IS NOT NULL ORDER BY md5(id::text) LIMIT 200`,
  );
  console.log(
    `load average before the runs: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );

  const timed = async (path: string) => {
    const answer = await server.request('GET', path, token);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    return answer.ms;
  };
  const dashboard: number[] = [];
  const detail: number[] = [];
  const health: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < 20; i += 1) await timed('/api/canary/api/topology?depth=0&hidden=true');
  for (let i = 0; i < RUNS; i += 1) {
    dashboard.push(await timed('/api/canary/api/topology?depth=0&hidden=true'));
    const target = pick.rows[i % pick.rows.length];
    detail.push(await timed(`/api/canary/api/topology?id=${target?.id}&depth=1`));
    health.push((await server.request('GET', '/health', '')).ms);
    const started = performance.now();
    await database.pool.query(
      `SELECT id, name, status, status_reason, summary, properties, labels, owner, type, icon FROM components
       WHERE deleted_at IS NULL AND parent_id IS NULL ORDER BY name`,
    );
    direct.push(performance.now() - started);
  }
  ok = report('dashboard (roots, HTTP, session)', dashboard, BUDGET.dashboard) && ok;
  report('  baseline: its roots statement through pg', direct);
  ok = report('component detail (id, depth 1, HTTP)', detail, BUDGET.detail) && ok;
  report('  baseline: GET /health through HTTP', health);

  // Roll-up: flip a linked check through the result writer, poll the root over HTTP until it shows.
  const rollup: number[] = [];
  const { rows: links } = await database.pool.query<{ check_id: string; root: string }>(
    `SELECT r.check_id, split_part(c.path, '.', 1) AS root FROM check_component_relationships r
     JOIN components c ON c.id = r.component_id WHERE r.deleted_at IS NULL ORDER BY md5(r.check_id::text) LIMIT 10`,
  );
  for (const [index, link] of links.entries()) {
    for (const status of ['unhealthy', 'healthy'] as const) {
      const stored = performance.now();
      await recordResults(database.db, [
        {
          checkId: link.check_id,
          time: new Date(Date.now() + index * 10 + (status === 'healthy' ? 5 : 0)),
          result: { status, duration: 3, message: status, details: {} },
          nextRuntime: null,
        },
      ]);
      for (;;) {
        const answer = await server.request('GET', `/api/canary/api/topology?id=${link.root}&depth=0`, token);
        const root = (JSON.parse(answer.body) as { components: { status: string }[] }).components[0];
        if (root?.status === status) break;
        if (performance.now() - stored > 10_000) throw new Error(`roll-up of ${link.check_id} not seen after 10 s`);
        await sleep(5);
      }
      rollup.push(performance.now() - stored);
    }
  }
  ok = report('roll-up: result stored → root status over HTTP', rollup, BUDGET.rollup) && ok;
} finally {
  await database.close();
  await server.stop();
  await drop();
}
process.exit(ok ? 0 : 1);
