// `node bench/web/run.mjs`: builds the console and a 10,000-row table page, starts the real server on a
// fresh embedded database filled by `seed:demo -- --checks N` (MC_BENCH_CHECKS, default 10,000; the
// other sizes are the demo's), and prints per route the initial JavaScript (gzip) and the largest
// contentful paint in Chromium on localhost; then, on the real Health page with every check shown,
// the time from the summary answer to the first painted frame of the checks table; then the first-frame
// and scroll frame times of the virtual DataTable with 10,000 rows.
// Targets: ≤ 180 kB gzip JS for the first screen, LCP ≤ 1 s, first frame ≤ 100 ms.
// MC_BENCH_URL points it at a running server instead (sign-in: MC_BENCH_EMAIL / MC_BENCH_PASSWORD).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { benchCredentials, signIn } from './sign-in.mjs';
import { startRealServer } from './start-server.mjs';
import { serveFolder } from './static-server.mjs';

const root = new URL('../..', import.meta.url).pathname;
// a private build: other work in the same tree may rebuild apps/web/dist at any moment
const dist = mkdtempSync(join(tmpdir(), 'mc-bench-web-'));
const ROUTES = [
  '/topology',
  '/health',
  '/incidents',
  '/catalog',
  '/playbooks',
  '/notifications',
  '/logs',
  '/settings/connections',
];
const TARGETS = { jsKb: 180, lcpMs: 1000, firstFrameMs: 100 };
const CHECKS = Number(process.env.MC_BENCH_CHECKS ?? 10_000);

/** Fills the fresh embedded database the way a user does: `npm run seed:demo -- --checks N`. */
function seedDemo(env) {
  const started = performance.now();
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/db/src/cli/seed.ts', '--checks', String(CHECKS), '--statuses-per-check', '4'],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (seed.status !== 0) throw new Error(`seed:demo failed: ${seed.stdout}\n${seed.stderr}`);
  console.log(
    `Seeded the demo data set with ${CHECKS} checks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * The real Health page with every check shown (hidePassing=false): milliseconds from the summary
 * answer reaching the page to the first painted frame holding the checks table's rows, and how many
 * rows that frame held. Median of three cold loads.
 */
async function measureHealthTable(browser, base, storageState) {
  const runs = [];
  for (let run = 0; run < 3; run += 1) {
    const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const original = window.fetch;
      window.fetch = async (...args) => {
        const response = await original(...args);
        const url = String(args[0] instanceof Request ? args[0].url : args[0]);
        if (url.includes('/api/canary/api/summary') && window.__summaryAt === undefined)
          window.__summaryAt = performance.now();
        return response;
      };
      const watch = () => {
        const rows = document.querySelectorAll('table[aria-label="Health checks"] tbody tr').length;
        if (window.__summaryAt !== undefined && rows > 0) {
          requestAnimationFrame(() => {
            window.__tableFrame = { ms: performance.now() - window.__summaryAt, rows };
          });
          return;
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(`${base}/health?hidePassing=false`);
    await page.waitForFunction(() => window.__tableFrame !== undefined, null, { timeout: 60_000 });
    runs.push(await page.evaluate(() => window.__tableFrame));
    await context.close();
  }
  runs.sort((a, b) => a.ms - b.ms);
  return { ms: runs[1].ms, best: runs[0].ms, rows: runs[1].rows };
}

function build(args, cwd) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
}

function gzipKb(file) {
  return gzipSync(readFileSync(file)).length / 1024;
}

async function measureRoute(browser, base, storageState, route) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  try {
    await page.getByRole('heading', { level: 1 }).waitFor();
  } catch (error) {
    const text = await page.locator('body').innerText();
    throw new Error(`${route} did not render (${page.url()}): ${text.slice(0, 300)}\n${error.message}`);
  }
  await page.waitForTimeout(300);
  const lcp = await page.evaluate(() => window.__lcp);
  await context.close();
  const js = [...scripts].reduce((sum, path) => sum + gzipKb(join(dist, path)), 0);
  return { route, js, lcp };
}

async function measureTable(browser) {
  build(['-c', join(root, 'bench/web/vite.harness.config.mjs')], root);
  const site = await serveFolder(join(root, 'bench/web/table-harness/dist'));
  try {
    // five cold loads: the machine is shared, so the median and the best run are both reported
    const runs = [];
    let page;
    for (let run = 0; run < 5; run += 1) {
      await page?.close();
      page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(site.url);
      await page.waitForFunction(() => window.__firstFrameMs !== undefined, null, { timeout: 30_000 });
      runs.push(await page.evaluate(() => ({ ms: window.__firstFrameMs, rows: window.__rowsRendered })));
    }
    runs.sort((a, b) => a.ms - b.ms);
    const firstFrame = { ms: runs[2].ms, best: runs[0].ms, rows: runs[0].rows };
    const scroll = await page.evaluate(async () => {
      const scroller = document.querySelector('[data-table-id="bench"] > div');
      const frames = [];
      let last = performance.now();
      for (let step = 0; step < 120; step += 1) {
        scroller.scrollTop += 2000;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      frames.sort((a, b) => a - b);
      return {
        p50: frames[Math.floor(frames.length / 2)],
        p95: frames[Math.floor(frames.length * 0.95)],
        max: frames.at(-1),
      };
    });
    return { firstFrame, scroll };
  } finally {
    await site.close();
  }
}

function line(label, value, target, unit) {
  const ok = value <= target ? 'ok' : 'OVER';
  return `${label.padEnd(24)} ${value.toFixed(1).padStart(8)} ${unit.padEnd(3)} (target ≤ ${target} ${unit}) ${ok}`;
}

function printTable(table) {
  console.log('\nVirtual DataTable, 10,000 rows (row estimate 35, overscan 10)');
  const { firstFrame } = table;
  console.log(
    line('first frame (median)', firstFrame.ms, TARGETS.firstFrameMs, 'ms'),
    `— best ${firstFrame.best.toFixed(1)} ms, ${firstFrame.rows} rows in the DOM`,
  );
  const { p50, p95, max } = table.scroll;
  console.log(
    `scroll frames            p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms (120 jumps of 2000 px)`,
  );
}

async function main() {
  if (process.argv.includes('--table-only')) {
    const browser = await chromium.launch({ executablePath: process.env.MC_E2E_CHROMIUM ?? '/usr/bin/chromium' });
    try {
      printTable(await measureTable(browser));
    } finally {
      await browser.close();
    }
    return;
  }
  console.log(
    `Load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log('Building the console…');
  build(['--outDir', dist, '--emptyOutDir'], join(root, 'apps/web'));
  const server = process.env.MC_BENCH_URL
    ? { url: process.env.MC_BENCH_URL, stop: async () => {} }
    : await startRealServer(root, { ...benchCredentials, webDist: dist, prepare: seedDemo });
  const browser = await chromium.launch({ executablePath: process.env.MC_E2E_CHROMIUM ?? '/usr/bin/chromium' });
  try {
    const signInContext = await browser.newContext();
    await signIn(signInContext, server.url);
    const storageState = await signInContext.storageState();
    await signInContext.close();
    await measureRoute(browser, server.url, storageState, '/topology'); // warm the server, not measured
    console.log('\nPer route: initial JavaScript (gzip) and largest contentful paint, cold browser cache');
    for (const route of ROUTES) {
      let result;
      try {
        result = await measureRoute(browser, server.url, storageState, route);
      } catch (error) {
        console.log(`${route.padEnd(24)} not measured: ${error.message.split('\n')[0]}`);
        continue;
      }
      console.log(
        `${route.padEnd(24)} ${result.js.toFixed(1).padStart(7)} kB JS   LCP ${result.lcp.toFixed(0).padStart(5)} ms`,
      );
      if (result.js > TARGETS.jsKb || result.lcp > TARGETS.lcpMs)
        console.log(`  ^ over target (JS ≤ ${TARGETS.jsKb} kB, LCP ≤ ${TARGETS.lcpMs} ms)`);
    }
    const health = await measureHealthTable(browser, server.url, storageState);
    console.log(
      `\n${line('/health checks table', health.ms, TARGETS.firstFrameMs, 'ms')} — summary answer to first painted frame, median of 3, best ${health.best.toFixed(1)} ms, ${health.rows} rows in the DOM`,
    );
    printTable(await measureTable(browser));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
