/**
 * Where the catalog option lists' slow answers come from (issue 32 item 4: one caller's p99 was 15× its
 * p50). Starts the bench's server on a kept, seeded database (MC_BENCH_DATABASE, see catalog.bench.ts) with
 * stall-observer.cjs preloaded (its GC pauses and event-loop blocks), and for each path runs the bench's 10 callers (as catalog.bench.ts does before its one-caller
 * measure), then one caller, recording when each answer started and took. Prints the slow answers (over
 * 4× the median) beside the server's output lines (its GC lines and logs) printed while each was in flight.
 *
 *   flock /tmp/bench.lock env MC_BENCH_DATABASE=catalog1m node --import tsx bench/catalog/option-stalls.ts [seconds=10]
 *
 * MC_ROLE=http runs the server without its job thread (is a stall a job's?); MC_STALL_PATHS=a,b measures
 * other paths; MC_STALL_NODE_OPTIONS adds Node options to the server's (e.g. --max-semi-space-size=16).
 */
import { createWriteStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connectPostgres } from '@mc/db';
import { buildUser } from '../../apps/server/src/modules/auth/testing/auth-factory.js';
import { startBenchServer } from '../health/bench-server.js';
import { benchClient } from './bench-client.js';

const SECONDS = Number(process.argv[2] ?? 10);
const kept = process.env.MC_BENCH_DATABASE;
if (!kept) throw new Error('MC_BENCH_DATABASE names the kept, seeded database');
const url = new URL(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test');
url.pathname = `/${kept}`;
const PATHS = (
  process.env.MC_STALL_PATHS ??
  '/api/db/config_types?order=type,/api/db/config_tags?order=key,value,/api/db/config_labels?key=eq.app&order=value'
).split(/,(?=\/)/);

const started = Date.now();
const lines: { at: number; line: string }[] = [];
const server = await startBenchServer({
  DATABASE_URL: url.toString(),
  MC_ROLE: process.env.MC_ROLE ?? 'all',
  NODE_OPTIONS: `--require ${fileURLToPath(new URL('./stall-observer.cjs', import.meta.url))} ${process.env.MC_STALL_NODE_OPTIONS ?? ''}`,
});
const log = createWriteStream(`/tmp/option-stalls-${process.pid}.log`);
server.child.stdout?.on('data', (chunk: Buffer) => {
  const at = Date.now();
  for (const line of chunk.toString().split('\n')) {
    if (!line) continue;
    lines.push({ at, line });
    log.write(`${at} ${line}\n`);
  }
});
const database = connectPostgres(url.toString(), { max: 2, applicationName: 'bench-option-stalls' });
const viewer = await buildUser(database, { roles: ['viewer'] });
await database.close();
const token = await server.signIn(viewer.email, viewer.password);
const client = benchClient(server.url);

async function loop(path: string, callers: number, seconds: number, out?: { at: number; ms: number }[]) {
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const at = Date.now();
        const answer = await client.request({ method: 'GET', path }, token);
        if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status}`);
        out?.push({ at, ms: answer.ms });
      }
    }),
  );
}

try {
  for (const path of PATHS) {
    await loop(path, 10, 5);
    const samples: { at: number; ms: number }[] = [];
    await loop(path, 1, SECONDS, samples);
    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    const slow = samples.filter((s) => s.ms > Math.max(4 * q(0.5), 5));
    console.log(
      `\n${path}: ${samples.length} answers, p50 ${q(0.5).toFixed(1)} p90 ${q(0.9).toFixed(1)} p99 ${q(0.99).toFixed(1)} max ${q(1).toFixed(1)} ms; ${slow.length} over 4× p50`,
    );
    for (const s of slow.slice(0, 25)) {
      const during = lines.filter((l) => l.at >= s.at - 2 && l.at <= s.at + s.ms + 20).map((l) => l.line.slice(0, 160));
      console.log(`  +${s.at - started} ms: ${s.ms.toFixed(1)} ms ${during.length ? `| ${during.join(' | ')}` : ''}`);
    }
    const stalls = lines.filter((l) => l.at >= (samples[0]?.at ?? 0) && l.line.startsWith('{"stall"'));
    const total = (re: RegExp) =>
      stalls.filter((l) => re.test(l.line)).reduce((sum, l) => sum + (JSON.parse(l.line) as { ms: number }).ms, 0);
    console.log(
      `  while one caller ran: ${stalls.length} stalls; main GC ${total(/"gc","thread":"main"/).toFixed(0)} ms, worker GC ${total(/"gc","thread":"worker"/).toFixed(0)} ms, main loop blocks ${total(/"loop","thread":"main"/).toFixed(0)} ms, worker loop blocks ${total(/"loop","thread":"worker"/).toFixed(0)} ms`,
    );
  }
} finally {
  client.close();
  await server.stop();
  log.end();
}
// the stopped server's piped output can keep this process alive
process.exit(0);
