/**
 * The server as users run it, for the health benches: a real `node apps/server/src/main.ts` process
 * (MC_ROLE=all unless told otherwise) with its first admin from MC_ADMIN_EMAIL/MC_ADMIN_PASSWORD,
 * sessions from the API login flow, and the dashboard's summary call over keep-alive HTTP with the
 * Accept-Encoding a browser sends. Also an HTTP target for the checks that records when each request
 * arrived, and the share of check runs that started within 1 s of their tick.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { canaryScheduleName } from '../../apps/server/src/modules/health/index.js';
import { jitterOffset } from '../../apps/server/src/modules/jobs/index.js';

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** The first admin every bench server creates. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1234' };

/** Chromium's Accept-Encoding. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** Interval of the benches' checks and the canary scheduler's jitter (canaries.service.ts). */
export const CHECK_INTERVAL_MS = 30_000;
const CANARY_JITTER_MS = 30_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Gathers the planner's statistics of the bench's database, as autovacuum does on any PostgreSQL server
 * within a minute of bulk inserts. This machine's PostgreSQL runs with `autovacuum = off`, so without it
 * a fresh bench database is planned blind: a canary's tick read took ~118 ms scanning every check by name
 * instead of < 1 ms by canary (docs/performance.md §2, 2026-12-07 20:27 against 20:45).
 */
export async function analyzeLikeAutovacuum(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/** The value at quantile `q` of `values` (nearest rank). */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** A running server process. */
export interface BenchServer {
  child: ChildProcess;
  url: string;
  /** utime + stime of the process (all its threads), in ms. */
  cpuMs(): number;
  /** A new session of `email` through the API login flow; its token. */
  signIn(email?: string, password?: string): Promise<string>;
  /**
   * One request with a session token; resolves with status, time and bytes received. `asBrowser` sends a
   * browser's Accept-Encoding: the answer's bytes are then counted as sent (compressed) and not kept.
   */
  request(method: string, path: string, token: string, body?: unknown, asBrowser?: boolean): Promise<Answer>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
}

/** One answer as a client saw it. */
export interface Answer {
  status: number;
  ms: number;
  bytes: number;
  body: string;
}

/**
 * Starts `main.ts` with `env` on a free port and resolves once `/health` answers 200, with `healthAt`
 * (ms since the epoch) the moment it first did.
 */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer & { healthAt: number }> {
  // MC_BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (node --cpu-prof).
  const profile = process.env.MC_BENCH_CPU_PROF;
  const flags = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      MC_ROLE: 'all',
      PORT: '0',
      LOG_LEVEL: 'info',
      MC_ADMIN_EMAIL: BENCH_ADMIN.email,
      MC_ADMIN_PASSWORD: BENCH_ADMIN.password,
      MC_SHUTDOWN_TIMEOUT_MS: '5000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let adminCreated: () => void = () => {};
  // Sign-in waits for the first admin (created just after the listener opens): a failed attempt would
  // count against the account's sign-in limit. A server on a database that already has one never logs it.
  const adminReady = Promise.race([new Promise<void>((resolve) => (adminCreated = resolve)), sleep(180_000)]);
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.includes('created the first admin')) adminCreated();
        if (!line.includes('"http listening"')) continue;
        const entry = JSON.parse(line) as { url?: string }; // the server logs JSON lines
        if (entry.url) resolve(entry.url);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening`)));
  });
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const request = (method: string, path: string, token: string, body?: unknown, asBrowser = false) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: hostname,
          port,
          path,
          method,
          agent,
          headers: {
            ...(asBrowser ? { 'accept-encoding': BROWSER_ENCODINGS } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          let bytes = 0;
          const chunks: Buffer[] = [];
          const keep = res.headers['content-encoding'] === undefined;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (keep) chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              ms: performance.now() - started,
              bytes,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  let healthAt = 0;
  for (let tries = 0; healthAt === 0; tries++) {
    const answer = await request('GET', '/health', '').catch(() => undefined);
    if (answer?.status === 200) healthAt = Date.now();
    else if (tries > 6_000) throw new Error('/health never answered 200');
    else await sleep(50);
  }
  const pid = child.pid ?? 0;
  return {
    child,
    url,
    healthAt,
    cpuMs() {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10; // clock ticks of 10 ms
    },
    async signIn(email = BENCH_ADMIN.email, password = BENCH_ADMIN.password) {
      if (email === BENCH_ADMIN.email) await adminReady;
      const flow = JSON.parse((await request('GET', '/api/.ory/self-service/login/api', '')).body) as { id: string };
      const answer = await request('POST', `/api/.ory/self-service/login?flow=${flow.id}`, '', {
        method: 'password',
        identifier: email,
        password,
      });
      if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      return (JSON.parse(answer.body) as { session_token: string }).session_token;
    },
    request,
    async stop() {
      agent.destroy();
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** An HTTP server the checks call, recording when each `/c/<canary>/<check>` request arrived. */
export async function startCheckTarget() {
  const arrivals: Array<{ canary: number; check: number; at: number }> = [];
  const server = http.createServer((req, res) => {
    const [, , canary, check] = req.url?.split('/') ?? [];
    if (canary !== undefined && check !== undefined)
      arrivals.push({ canary: Number(canary), check: Number(check), at: Date.now() });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener
  return { base, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Canaries the benches create, with each one's jitter offset (its ticks fall at k·interval + offset). */
export interface BenchCanary {
  id: string;
  offset: number;
}

/**
 * Creates canaries of `perCanary` http checks `@every 30s` through the API until there are `checks` checks;
 * given the canaries made before (`existing`), adds to them (named on from their count) and answers all.
 */
export async function createCanaries(
  server: BenchServer,
  token: string,
  base: string,
  checks: number,
  perCanary: number,
  existing: readonly BenchCanary[] = [],
): Promise<BenchCanary[]> {
  const canaries: BenchCanary[] = [...existing];
  for (let i = canaries.length; canaries.length * perCanary < checks; i++) {
    const answer = await server.request('POST', '/api/canaries', token, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: `bench-${i}`, namespace: 'default' },
      spec: {
        schedule: '@every 30s',
        http: Array.from({ length: perCanary }, (_, j) => ({
          name: `c${j}`,
          endpoint: `${base}/c/${i}/${j}`,
          responseCodes: [200],
        })),
      },
    });
    if (answer.status !== 201) throw new Error(`creating a canary answered ${answer.status}: ${answer.body}`);
    const { id } = JSON.parse(answer.body) as { id: string };
    canaries.push({ id, offset: jitterOffset(canaryScheduleName(id), CANARY_JITTER_MS) });
  }
  return canaries;
}

/**
 * Of the ticks of every canary inside [from, to − 1 s), the check runs expected (all checks of each
 * tick) and those whose request reached the target within 1 s of the tick.
 */
export function runsOnTime(
  canaries: readonly BenchCanary[],
  perCanary: number,
  arrivals: ReadonlyArray<{ canary: number; at: number }>,
  from: number,
  to: number,
): { expected: number; onTime: number; delays: number[] } {
  const byCanary = new Map<number, number[]>();
  for (const a of arrivals) {
    if (a.at < from - CHECK_INTERVAL_MS) continue;
    const list = byCanary.get(a.canary) ?? [];
    list.push(a.at);
    byCanary.set(a.canary, list);
  }
  let expected = 0;
  let onTime = 0;
  const delays: number[] = [];
  for (const [i, canary] of canaries.entries()) {
    const times = byCanary.get(i) ?? [];
    const first = Math.ceil((from - canary.offset) / CHECK_INTERVAL_MS) * CHECK_INTERVAL_MS + canary.offset;
    for (let tick = first; tick < to - 1_000; tick += CHECK_INTERVAL_MS) {
      expected += perCanary;
      const starts = times.filter((t) => t >= tick && t < tick + CHECK_INTERVAL_MS);
      delays.push(...starts.map((t) => t - tick));
      onTime += Math.min(perCanary, starts.filter((t) => t - tick < 1_000).length);
    }
  }
  return { expected, onTime, delays };
}

/** What the polling clients saw. */
export interface PollResult {
  times: number[];
  sizes: number[];
  errors: number;
}

/** The polling clients' code: plain JavaScript for a worker thread (no loader needed). */
const POLLER = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { host, port, path, body, tokens, ms, encodings } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const times = [];
const sizes = [];
let errors = 0;
const from = Date.now();
const one = (token) => new Promise((resolve) => {
  const started = performance.now();
  const req = http.request({ host, port, path, method: 'POST', agent, headers: {
    'accept-encoding': encodings, authorization: 'Bearer ' + token, 'content-type': 'application/json' } }, (res) => {
    let bytes = 0;
    res.on('data', (chunk) => { bytes += chunk.length; });
    res.on('end', () => {
      if (res.statusCode !== 200) errors++;
      times.push(performance.now() - started);
      sizes.push(bytes);
      resolve();
    });
  });
  req.on('error', () => { errors++; resolve(); });
  req.end(body);
});
Promise.all(tokens.map(async (token) => { while (Date.now() - from < ms) await one(token); }))
  .then(() => { agent.destroy(); parentPort.postMessage({ times, sizes, errors }); });
`;

/**
 * Clients (one per token) POSTing `body` to `path` back-to-back for `ms`, each with a browser's
 * Accept-Encoding, in a worker thread of their own: their answers never delay this thread's check
 * target, whose arrival times are the measurement.
 */
export function pollInThread(url: string, path: string, body: unknown, tokens: readonly string[], ms: number) {
  const { hostname, port } = new URL(url);
  const worker = new Worker(POLLER, {
    eval: true,
    workerData: { host: hostname, port, path, body: JSON.stringify(body), tokens, ms, encodings: BROWSER_ENCODINGS },
  });
  return new Promise<PollResult>((resolve, reject) => {
    worker.once('message', (result: PollResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
