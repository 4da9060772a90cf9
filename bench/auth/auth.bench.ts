/**
 * Identity benchmark (issue 3): sign-in throughput through the api login flow (create flow + submit,
 * argon2id verification included) and who-am-I latency with a warm session, over real HTTP on a
 * loopback port against PostgreSQL. Prints the figures (and the database statements one who-am-I
 * costs: one) and fails (exit 1) if the sequential who-am-I p99 is above 5 ms.
 *
 *   node --import tsx bench/auth/auth.bench.ts [signIns=200] [whoamiRuns=3000]
 *
 * Uses the PostgreSQL at MC_TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) with a
 * throw-away database it creates and drops (MC_TEST_ENGINE=pglite measures the embedded engine).
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { createTestDatabase } from '@mc/db/testing';
import pg from 'pg';
import { registerModules } from '../../apps/server/src/composition/register-routes.js';
import { apiSignIn, buildUser } from '../../apps/server/src/modules/auth/testing/auth-factory.js';
import { createApp } from '../../apps/server/src/platform/app.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';

const SIGN_INS = Number(process.argv[2] ?? 200);
const WHOAMI_RUNS = Number(process.argv[3] ?? 3000);
const CONCURRENCY = 4;
const BUDGET_P99_MS = 5;

process.env.MC_TEST_ENGINE ??= 'postgres';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Counts the statements every database client sends (both engines speak the protocol through `pg`). */
let statements = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  // forwards the caller's own overload arguments unchanged
  return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof sendQuery;

/** Latencies of `runs` who-am-I calls made by `clients` callers at once; sorted. */
async function measureWhoami(base: string, headers: Record<string, string>, runs: number, clients: number) {
  const times: number[] = [];
  let left = runs;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left > 0) {
        left -= 1;
        const t0 = performance.now();
        const response = await fetch(`${base}/api/auth/whoami`, { headers });
        await response.arrayBuffer();
        times.push(performance.now() - t0);
        if (response.status !== 200) throw new Error(`whoami answered ${response.status}`);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

async function main(): Promise<number> {
  const database = await createTestDatabase();
  const config = loadConfig({});
  const deps = { config, database, logger: createLogger('error', {}, () => {}), version: 'bench' };
  const app = createApp({ ...deps, registerModules: (router) => registerModules(router, deps) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
  try {
    const users = await Promise.all(
      Array.from({ length: CONCURRENCY }, () => buildUser(database, { roles: ['editor'] })),
    );

    const signIn = async (email: string, password: string) => {
      const flow = (await (await fetch(`${base}/api/.ory/self-service/login/api`)).json()) as { id: string };
      const answer = await fetch(`${base}/api/.ory/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'password', identifier: email, password }),
      });
      if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
      return ((await answer.json()) as { session_token: string }).session_token;
    };

    let done = 0;
    const started = performance.now();
    await Promise.all(
      users.map(async (user) => {
        while (done < SIGN_INS) {
          done += 1;
          await signIn(user.email, user.password);
        }
      }),
    );
    const signInSeconds = (performance.now() - started) / 1000;

    const token = await apiSignIn(app, users[0]?.email ?? '', users[0]?.password ?? '');
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 200; i += 1) await (await fetch(`${base}/api/auth/whoami`, { headers })).arrayBuffer();
    const before = statements;
    const times = await measureWhoami(base, headers, WHOAMI_RUNS, 1);
    const perCall = (statements - before) / WHOAMI_RUNS;
    const p50 = quantile(times, 0.5);
    const p99 = quantile(times, 0.99);
    const concurrent = await measureWhoami(base, headers, WHOAMI_RUNS, CONCURRENCY);
    console.log(`engine ${database.engine}, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`);
    console.log(
      `sign-in (api flow, argon2id, ${CONCURRENCY} concurrent): ${done} in ${signInSeconds.toFixed(2)} s = ${(done / signInSeconds).toFixed(1)}/s`,
    );
    console.log(
      `GET /api/auth/whoami warm session over HTTP, ${WHOAMI_RUNS} runs: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (target p99 <= ${BUDGET_P99_MS} ms), ${perCall.toFixed(2)} statements per call`,
    );
    console.log(
      `GET /api/auth/whoami, ${CONCURRENCY} callers at once: p50 ${quantile(concurrent, 0.5).toFixed(2)} ms, p99 ${quantile(concurrent, 0.99).toFixed(2)} ms`,
    );
    return p99 <= BUDGET_P99_MS ? 0 : 1;
  } finally {
    server.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
