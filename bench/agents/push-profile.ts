/**
 * The upstream's push ingest alone, for profiling (issue 32 item 6): `pushes` pushes of 500 results
 * each, straight into `upstreamService.push` (no HTTP), on a throw-away PostgreSQL database with one
 * agent of 1,000 checks. Prints this process's CPU and the database backend's CPU per result, and the
 * backend's CPU per result by statement (statement-cpu.ts). Run with
 * `node --cpu-prof --cpu-prof-dir=<dir> --import tsx bench/agents/push-profile.ts [pushes=40]` to see
 * where Node's time goes; the full figure (HTTP, the real server) is bench/agents/ingest.bench.ts.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { upstreamService } from '../../apps/server/src/modules/agents/index.js';
import { processCpuMs } from './postgres-cpu.js';
import { statementCpu } from './statement-cpu.js';

process.env.MC_SECRET_KEY ??= randomBytes(32).toString('base64');
const PUSHES = Number(process.argv[2] ?? 40);
const CHECKS = 1000;

const { url, drop } = await createPostgresTestUrl();
const database = connectPostgres(url, { max: 1 });
const statements = statementCpu(database.pool);
try {
  const { rows } = await database.pool.query<{ agent: string; checks: string[]; pid: number }>(
    `WITH a AS (INSERT INTO agents (name, token_hash) VALUES ('profile', 'x') RETURNING id),
       c AS (INSERT INTO canaries (name, agent_id) SELECT 'profile', id FROM a RETURNING id, agent_id),
       k AS (INSERT INTO checks (canary_id, agent_id, type, name)
             SELECT c.id, c.agent_id, 'http', 'check-' || n FROM c, generate_series(1, ${CHECKS}) n RETURNING id)
     SELECT (SELECT id FROM a) AS agent, array_agg(k.id) AS checks, pg_backend_pid() AS pid FROM k`,
  );
  const seeded = rows[0];
  if (!seeded) throw new Error('seeding failed');
  const upstream = upstreamService(database);
  const push = (who: { id: string; name: string }, payload: unknown) => upstream.push(who, payload, {});
  const agent = { id: seeded.agent, name: 'profile' };
  const body = (p: number) => ({
    results: Array.from({ length: 500 }, (_, i) => {
      const j = ((p % 2) * 500 + i) % CHECKS;
      const duration = 5 + ((j * 7919 + p * 104_729) % 400);
      return {
        key: `push-${p}-check-${j}`,
        check_id: seeded.checks[j],
        time: new Date(1_800_000_000_000 + Math.floor(p / 2) * 30_000).toISOString(),
        status: j % 100 ? 'healthy' : 'unhealthy',
        duration,
        message: j % 100 ? `HTTP 200 in ${duration}ms` : 'HTTP 503 in 12ms',
        details: { code: j % 100 ? 200 : 503 },
      };
    }),
  });
  const bodies = Array.from({ length: PUSHES }, (_, p) => JSON.stringify(body(p)));
  await push(agent, JSON.parse(bodies[0] ?? '{}')); // warm-up: compiles, plans
  statements.take();
  const pg0 = processCpuMs(seeded.pid) ?? 0;
  const node0 = process.cpuUsage();
  let stored = 0;
  for (const text of bodies.slice(1)) stored += (await push(agent, JSON.parse(text))).stored;
  const node = process.cpuUsage(node0);
  const pgMs = (processCpuMs(seeded.pid) ?? 0) - pg0;
  const nodeMs = (node.user + node.system) / 1000;
  const { readdirSync, readFileSync } = await import('node:fs');
  const threads = readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const name = /\((.*)\)/.exec(stat)?.[1];
    const f = stat.split(') ')[1]?.split(' ') ?? [];
    return `${name}:${((Number(f[11]) + Number(f[12])) * 10).toFixed(0)}`;
  });
  console.log(`threads (ms since start): ${threads.join(' ')}`);
  console.log('PostgreSQL CPU per result by statement (µs):');
  for (const { statement, calls, ns } of statements.take())
    console.log(`${(ns / 1000 / stored).toFixed(2).padStart(8)}  ×${calls}  ${statement}`);
  console.log(
    `${stored} results: Node ${(nodeMs / stored).toFixed(4)} ms/result, PostgreSQL ${(pgMs / stored).toFixed(4)} ms/result (load ${loadavg()[0]?.toFixed(2)})`,
  );
} finally {
  await database.close();
  await drop();
}
