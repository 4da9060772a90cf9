// `node bench/web/ab.mjs [ref=HEAD]`: the largest contentful paint of two builds of the console, visits
// alternating, against ONE seeded server — the working tree's build (B) and the build of git `ref` (A) — so a
// change to the console is compared on the same load, data and server state. On this 2-core machine one
// route's visits spread 400–1,300 ms between runs, so two runs of run.mjs cannot tell a 100 ms change apart.
// Each build is served by a front of its own (its files, brotli when accepted; every other request passed to
// the real server), so both sides pay the same extra hop. A is built from a git worktree with the working
// tree's node_modules: its packages (@mc/contracts included) are B's. Routes and visits: MC_BENCH_ROUTES
// (default every route of run.mjs), MC_BENCH_VISITS (default 5 per side); the medians and their difference
// are printed with the load, and each side's scripts as bytes on the wire; no target is judged (run.mjs judges).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium-args.mjs';
import { buildConsole, seedDemo } from './build-and-seed.mjs';
import { serveBuild } from './build-front.mjs';
import { measureRoute } from './measure-route.mjs';
import { waitForSteadyState } from './settle.mjs';
import { benchCredentials, signIn } from './sign-in.mjs';
import { startRealServer } from './start-server.mjs';

const root = new URL('../..', import.meta.url).pathname;
const ref = process.argv[2] ?? 'HEAD';
const ROUTES = (
  process.env.MC_BENCH_ROUTES ??
  '/login,/topology,/health,/incidents,/catalog,/playbooks,/notifications,/logs,/settings/connections'
)
  .split(',')
  .map((route) => route.trim())
  .filter(Boolean);
const VISITS = Number(process.env.MC_BENCH_VISITS ?? 5);
const ROWS = Number(process.env.MC_BENCH_ROWS ?? 10_000);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const git = (args, cwd = root) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Builds the console of `ref` into `dist` from a temporary worktree (removed afterwards). */
function buildRef(dist) {
  const tree = mkdtempSync(join(tmpdir(), 'mc-ab-tree-'));
  git(['worktree', 'add', '--detach', '--force', tree, ref]);
  try {
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
    buildConsole(root, ['--outDir', dist, '--emptyOutDir'], join(tree, 'apps/web'));
  } finally {
    git(['worktree', 'remove', '--force', tree]);
  }
}

async function main() {
  const commit = git(['rev-parse', '--short', ref]);
  console.log(
    `Start: ${new Date().toISOString()}, A = ${ref} (${commit}), B = the working tree of ${git(['rev-parse', '--short', 'HEAD'])}; load ${load()} on ${cpus().length} cores`,
  );
  const distA = mkdtempSync(join(tmpdir(), 'mc-ab-a-'));
  const distB = mkdtempSync(join(tmpdir(), 'mc-ab-b-'));
  console.log('Building both consoles…');
  buildRef(distA);
  buildConsole(root, ['--outDir', distB, '--emptyOutDir'], join(root, 'apps/web'));
  const server = await startRealServer(root, {
    ...benchCredentials,
    webDist: distB,
    prepare: (env) => seedDemo(root, env, ROWS),
  });
  const fronts = { A: await serveBuild(distA, server.url), B: await serveBuild(distB, server.url) };
  const dists = { A: distA, B: distB };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const signInContext = await browser.newContext();
    await signIn(signInContext, server.url);
    const storageState = await signInContext.storageState();
    const { settled, ms } = await waitForSteadyState(signInContext.request, server.url, 120_000);
    console.log(`Server ${settled ? `settled after ${(ms / 1000).toFixed(1)} s` : 'NOT settled in 120 s'}`);
    await signInContext.close();
    const visit = (side, route) =>
      measureRoute(browser, fronts[side].url, route === '/login' ? undefined : storageState, route, dists[side]);
    for (const route of ROUTES) for (const side of ['A', 'B']) await visit(side, route); // warm the server's paths
    console.log(`Timing ${VISITS} visits per route and side, alternating; load ${load()}`);
    const lcps = new Map(ROUTES.map((route) => [route, { A: [], B: [], files: {} }]));
    for (let round = 0; round < VISITS; round += 1) {
      for (const route of ROUTES) {
        for (const side of round % 2 ? ['B', 'A'] : ['A', 'B']) {
          const result = await visit(side, route);
          const entry = lcps.get(route);
          entry[side].push(result.lcp);
          entry.files[side] = `${result.scripts} files, ${result.wireKb.toFixed(1)} kB on the wire`;
        }
      }
    }
    console.log('\nroute                     LCP A (median)   LCP B (median)   B − A      scripts A | B');
    for (const [route, { A, B, files }] of lcps) {
      const a = median(A);
      const b = median(B);
      console.log(
        `${route.padEnd(24)} ${a.toFixed(0).padStart(8)} ms      ${b.toFixed(0).padStart(8)} ms   ${(b - a >= 0 ? '+' : '') + (b - a).toFixed(0).padStart(5)} ms   ${files.A} | ${files.B}`,
      );
      console.log(
        `${''.padEnd(24)} A ${A.map((v) => v.toFixed(0)).join(' · ')}   B ${B.map((v) => v.toFixed(0)).join(' · ')}`,
      );
    }
    console.log(`\nEnd: ${new Date().toISOString()}, load ${load()}`);
  } finally {
    await browser.close();
    await fronts.A.close();
    await fronts.B.close();
    await server.stop();
    rmSync(distA, { recursive: true, force: true });
    rmSync(distB, { recursive: true, force: true });
  }
}

await main();
