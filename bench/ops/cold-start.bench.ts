/**
 * Cold start and idle memory of the compiled server (issue 31): `node apps/server/dist/main.js` — plain
 * node, no tsx — on an already migrated database holding 1,000 http checks, for the embedded database (a
 * PGlite data folder) and for PostgreSQL. For each engine: a first start migrates the database and creates
 * the checks through the API (20 canaries × 50 http checks `@every 1h` against a local HTTP server, so
 * they exist and have run once, but stay quiet), then the server is started again `runs` times and each
 * start is timed from spawn to the first 200 from `/readyz`; after the last, the process's resident memory
 * (all its threads: HTTP, job thread, and for PGlite the embedded database) is read after 10 s idle.
 * Prints the median start beside the target (≤ 2 s) and exits 1 on a miss, and the CPU time the process had
 * used when it became ready (what the start costs whatever else the machine runs).
 *
 *   node --import tsx bench/ops/cold-start.bench.ts [runs=5] [engines=pglite,postgres]
 *   MC_BENCH_NICE=-20 node --import tsx bench/ops/cold-start.bench.ts   # on a shared machine, as root
 *
 * Builds the server first (apps/server/build.mjs, as `npm run build` does). PostgreSQL: a throw-away
 * database on MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresTestUrl } from '@mc/db/testing';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/dist/main.js');
const RUNS = Number(process.argv[2] ?? 5);
const ENGINES = (process.argv[3] ?? 'pglite,postgres').split(',');
const CHECKS = 1_000;
const PER_CANARY = 50;
const TARGET_MS = 2_000;
const IDLE_MS = 10_000;
/** MC_BENCH_NICE=-20 (as root) runs the server ahead of everything else on a busy machine: nearly a quiet one. */
const NICE = process.env.MC_BENCH_NICE;
const ADMIN = { email: 'cold-start@example.com', password: 'cold-start-password-1234' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface Started {
  child: ChildProcess;
  base: string;
  readyMs: number;
  /** CPU time the process (all its threads) had used when /readyz first answered 200. */
  readyCpuMs: number;
  /** Resolves once the server logged that it created the first admin (only a first start does). */
  adminCreated: Promise<void>;
  stop(): Promise<void>;
}

let nextPort = 38_000 + Math.floor(Math.random() * 1_000);

/** Starts the compiled server with `env` and resolves at its first 200 from /readyz. */
async function start(env: Record<string, string>): Promise<Started> {
  const port = nextPort++;
  const base = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const command = NICE ? ['nice', '-n', NICE, process.execPath, MAIN] : [process.execPath, MAIN];
  const child = spawn(command[0] ?? '', command.slice(1), {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      LOG_LEVEL: 'info',
      MC_ADMIN_EMAIL: ADMIN.email,
      MC_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // sign-in waits for the first admin, created just after the database opens: a failed attempt would count
  // against the account's sign-in limit
  const adminCreated = new Promise<void>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('created the first admin')) resolve();
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error('the server exited before /readyz answered 200');
    const answer = await fetch(`${base}/readyz`).catch(() => undefined);
    if (answer?.status === 200) break;
    await sleep(10);
  }
  const readyMs = performance.now() - spawned;
  return {
    child,
    base,
    readyMs,
    readyCpuMs: cpuMs(child.pid ?? 0),
    adminCreated,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(base: string): Promise<string> {
  const flow = (await (await fetch(`${base}/api/.ory/self-service/login/api`)).json()) as { id: string };
  const answer = await fetch(`${base}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', identifier: ADMIN.email, password: ADMIN.password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
  return ((await answer.json()) as { session_token: string }).session_token;
}

async function createChecks(base: string, targetBase: string): Promise<void> {
  const token = await signIn(base);
  for (let canary = 0; canary * PER_CANARY < CHECKS; canary++) {
    const answer = await fetch(`${base}/api/canaries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: `cold-start-${canary}`, namespace: 'default' },
        spec: {
          schedule: '@every 1h',
          http: Array.from({ length: PER_CANARY }, (_, check) => ({
            name: `c${check}`,
            endpoint: `${targetBase}/c/${canary}/${check}`,
            responseCodes: [200],
          })),
        },
      }),
    });
    if (answer.status !== 201) throw new Error(`creating a canary answered ${answer.status}: ${await answer.text()}`);
  }
}

/** utime + stime of `pid`, every thread, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10;
}

/** Resident memory of `pid` (every thread of the process), in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function benchEngine(engine: string, targetBase: string, targetHits: () => number): Promise<boolean> {
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  if (engine === 'postgres') {
    const created = await createPostgresTestUrl();
    env = { DATABASE_URL: created.url };
    cleanUp = created.drop;
  } else {
    const folder = mkdtempSync(join(tmpdir(), 'mc-cold-start-'));
    env = { MC_DATA_DIR: folder };
    cleanUp = async () => rmSync(folder, { recursive: true, force: true });
  }
  try {
    const first = await start(env);
    await first.adminCreated;
    await createChecks(first.base, targetBase);
    for (let tries = 0; targetHits() < CHECKS && tries < 600; tries++) await sleep(100); // each has run once
    await first.stop();
    const times: number[] = [];
    const cpu: number[] = [];
    let idleRss = 0;
    for (let run = 0; run < RUNS; run++) {
      const server = await start(env);
      times.push(server.readyMs);
      cpu.push(server.readyCpuMs);
      if (run === RUNS - 1) {
        await sleep(IDLE_MS);
        idleRss = rssMb(server.child.pid ?? 0);
      }
      await server.stop();
    }
    const ok = median(times) <= TARGET_MS;
    console.log(
      `${engine}: cold start to /readyz 200 median ${Math.round(median(times))} ms ` +
        `(runs ${times.map((ms) => Math.round(ms)).join(', ')} ms; target ≤ ${TARGET_MS} ms) ${ok ? 'PASS' : 'FAIL'}; ` +
        `CPU time used by then median ${median(cpu)} ms; ` +
        `RSS at idle with ${CHECKS} checks ${idleRss.toFixed(0)} MB (${IDLE_MS / 1000} s after ready); load ${load()}`,
    );
    return ok;
  } finally {
    await cleanUp();
  }
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
console.log(
  `cold-start bench: node ${process.version}, commit ${commit}, ${new Date().toISOString()}; ` +
    `load ${load()} on ${cpus().length} cores${NICE ? `; server at nice ${NICE}` : ''}`,
);
execFileSync(process.execPath, [join(ROOT, 'apps/server/build.mjs')], { stdio: 'inherit' });
let hits = 0;
const target = http.createServer((_req, res) => {
  hits++;
  res.end('ok');
});
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const targetBase = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener
let passed = true;
try {
  for (const engine of ENGINES) {
    hits = 0;
    passed = (await benchEngine(engine, targetBase, () => hits)) && passed;
  }
} finally {
  target.close();
}
process.exit(passed ? 0 : 1);
