// `node bench/web/wire.bench.mjs [checks=1000]`: the console's bytes on the wire as Chromium receives
// them (encoded bodies and headers of every response of the page load, cold cache):
//   the sign-in screen ≤ 180 kB, the landing page after sign-in (/topology) ≤ 250 kB,
//   the health summary answer (the Health page's own call) with 1,000 checks ≤ 60 KiB.
// Runs the product as a user does: builds the console (precompressed, as `npm run build` does) into a
// private folder, migrates a fresh embedded database and fills it with `npm run seed:demo -- --checks N`,
// starts the real server with a first admin, signs in through the login flow (a real session cookie)
// and loads the pages in /usr/bin/chromium.
// Also prints the CPU cost of compressing the summary at brotli 2–5 and gzip 1/6 (the per-request choice).
// Exits 1 when a figure misses its target.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium-args.mjs';
import { benchCredentials, signIn } from './sign-in.mjs';
import { startRealServer } from './start-server.mjs';

const root = new URL('../..', import.meta.url).pathname;
const CHECKS = Number(process.argv[2] ?? 1000);
const TARGETS = { signInBytes: 180_000, landingBytes: 250_000, summaryBytes: 60 * 1024 };
const SUMMARY_PATH = '/api/canary/api/summary';

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

function buildConsole(outDir) {
  const started = performance.now();
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(root, 'apps/web'),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  const precompress = /precompressed[^\n]*/.exec(result.stdout + result.stderr)?.[0] ?? 'no precompression reported';
  console.log(`console built in ${seconds(started)} s (${precompress})`);
}

/** Fills the fresh embedded database the way a user does: `npm run seed:demo -- --checks N`. */
function seedDemo(env) {
  const started = performance.now();
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/db/src/cli/seed.ts', '--checks', String(CHECKS)],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  if (seed.status !== 0) throw new Error(`seed:demo failed: ${seed.stdout}\n${seed.stderr}`);
  console.log(`seeded the demo data set with ${CHECKS} checks (npm run seed:demo) in ${seconds(started)} s`);
}

/**
 * Loads `path` in a fresh page of `context` (cold cache) and sums what Chromium received for every
 * response: `Network.loadingFinished`'s encodedDataLength (encoded body and headers).
 */
async function pageLoad(context, url, ready) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map();
  const answers = [];
  page.on('response', (answer) => answers.push(answer));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    responses.set(requestId, { url: response.url, encoding: headers['content-encoding'] ?? 'identity', bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = responses.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  const list = [...responses.values()].filter((entry) => !entry.url.startsWith('data:'));
  return { page, list, answers, total: list.reduce((sum, entry) => sum + entry.bytes, 0) };
}

function describe(list) {
  return [...list]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 6)
    .map(
      (entry) => `    ${String(entry.bytes).padStart(8)} B ${entry.encoding.padEnd(8)} ${new URL(entry.url).pathname}`,
    )
    .join('\n');
}

let missed = false;
function report(label, bytes, target, unit) {
  const ok = bytes <= target;
  missed ||= !ok;
  const divisor = unit === 'KiB' ? 1024 : 1000;
  console.log(
    `${label.padEnd(34)} ${(bytes / divisor).toFixed(1).padStart(7)} ${unit} (${bytes} B)   target ≤ ${target / divisor} ${unit}   ${ok ? 'ok' : 'MISS'}`,
  );
}

/** CPU (this process's user + system time) per compression of the summary's JSON, median of 41: the per-request choice. */
function compressionCosts(json) {
  const bytes = Buffer.from(json);
  const brotli = (quality) => () =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    });
  const options = {
    'brotli 2': brotli(2),
    'brotli 3': brotli(3),
    'brotli 4': brotli(4),
    'brotli 5': brotli(5),
    'gzip 1': () => gzipSync(bytes, { level: 1 }),
    'gzip 6': () => gzipSync(bytes, { level: 6 }),
  };
  console.log(`\nCompressing the summary's ${(bytes.byteLength / 1024).toFixed(1)} KiB of JSON (median of 41):`);
  for (const [name, compress] of Object.entries(options)) {
    const times = [];
    let size = 0;
    for (let run = 0; run < 41; run += 1) {
      const started = process.cpuUsage();
      size = compress().byteLength;
      const used = process.cpuUsage(started);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(9)} ${(size / 1024).toFixed(1).padStart(6)} KiB   ${times[20].toFixed(2)} ms CPU`);
  }
}

async function main() {
  const started = performance.now();
  console.log(
    `${new Date().toISOString()} load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  const dist = mkdtempSync(join(tmpdir(), 'mc-bench-wire-'));
  let server;
  let browser;
  try {
    buildConsole(dist);
    server = await startRealServer(root, { ...benchCredentials, webDist: dist, prepare: seedDemo });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

    const anonymous = await browser.newContext();
    const signInScreen = await pageLoad(anonymous, `${server.url}/`, (page) =>
      page.locator('input[type="password"]').waitFor(),
    );
    await anonymous.close();

    const signInContext = await browser.newContext();
    await signIn(signInContext, server.url);
    const storageState = await signInContext.storageState();
    await signInContext.close();

    const landingContext = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
    const landing = await pageLoad(landingContext, `${server.url}/`, (page) =>
      page.getByRole('heading', { level: 1 }).waitFor(),
    );
    const landingPath = new URL(landing.page.url()).pathname;
    await landingContext.close();

    const healthContext = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
    const health = await pageLoad(healthContext, `${server.url}/health`, (page) =>
      page.getByRole('heading', { level: 1 }).waitFor(),
    );
    const summaryAnswer = health.answers.find((answer) => new URL(answer.url()).pathname === SUMMARY_PATH);
    const summaryWire = health.list.find((entry) => new URL(entry.url).pathname === SUMMARY_PATH);
    const summaryJson = summaryAnswer ? await summaryAnswer.text() : '';
    const listed = summaryJson ? JSON.parse(summaryJson).checks_summary?.length : 0;
    await healthContext.close();
    if (!summaryWire || !(listed >= CHECKS)) {
      throw new Error(
        `The health page's summary listed ${listed ?? 0} checks, fewer than ${CHECKS}: nothing to measure.`,
      );
    }

    console.log(`\nOn the wire (Chromium's encodedDataLength: encoded bodies and headers, cold cache):`);
    report(`sign-in screen (${signInScreen.list.length} responses)`, signInScreen.total, TARGETS.signInBytes, 'kB');
    console.log(describe(signInScreen.list));
    report(`landing ${landingPath} (${landing.list.length} responses)`, landing.total, TARGETS.landingBytes, 'kB');
    console.log(describe(landing.list));
    report(`summary, ${listed} checks (${summaryWire.encoding})`, summaryWire.bytes, TARGETS.summaryBytes, 'KiB');
    console.log(`    decoded ${(Buffer.byteLength(summaryJson) / 1024).toFixed(1)} KiB of JSON`);
    compressionCosts(summaryJson);
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
  }
  console.log(`\nbench took ${seconds(started)} s`);
  if (missed) process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
