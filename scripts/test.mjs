// `npm test`: the whole suite. Runs unit, screen and database tests on PGlite, then side by side the
// database suite again on PostgreSQL when a server answers (MC_TEST_DATABASE_URL, default
// 127.0.0.1:5432/test) and the browser journeys (flow mode, then hosted organisation mode; their output
// printed whole when each ends), lists the failed tests and ends with one line `N passed, N failed`. In CI
// (CI=true) no part may vanish: an unreachable PostgreSQL, skipped journeys or MC_SKIP_E2E count as failures.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { engineIndependentTestFiles } from './database-test-files.mjs';

const reportDir = process.env.MC_TEST_REPORT_DIR ?? '.mc-test';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const adminUrl = process.env.MC_TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests' names, printed again just above the last line so a log's tail says what failed. */
const failures = [];
const extraArgs = process.argv.slice(2);
const inCi = process.env.CI === 'true' || process.env.CI === '1';

/** A part of the suite that did not run: a failure in CI, a notice on a developer's machine. */
function missing(message) {
  if (inCi) {
    totals.failed += 1;
    console.error(`\n${message} In CI this counts as a failure: tests must not vanish.`);
  } else {
    console.log(`\n${message}`);
  }
}

/**
 * Runs a command without blocking, so two parts of the suite can run side by side. With `capture` its
 * output is kept and printed whole when it ends, never interleaved with the part printing live.
 */
function runBeside(title, command, args, env, capture) {
  return new Promise((resolve) => {
    if (!capture) console.log(`\n=== ${title} ===`);
    const child = spawn(command, args, {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.once('close', (status) => {
      if (capture) {
        console.log(`\n=== ${title} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(status ?? 1);
    });
  });
}

function addVitest(file, status, reportName) {
  if (!existsSync(file)) {
    totals.failed += 1;
    console.error(`No report at ${file} (exit ${status}): counted as one failure.`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numFailedTests === 0 && status !== 0) totals.failed += 1; // a suite that failed to load
  for (const suite of report.testResults ?? []) {
    const file = String(suite.name ?? '').replace(`${process.cwd()}/`, '');
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && suite.status === 'failed')
      failures.push(`${reportName} ${file}: ${firstLine(suite.message)}`);
    for (const test of failed) {
      failures.push(`${reportName} ${file} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}

/** The first non-empty line of a failure message, cut short: enough to tell a timeout from an assertion. */
function firstLine(message) {
  const line =
    String(message ?? '')
      .split('\n')
      .find((text) => text.trim() !== '') ?? '';
  return line.trim().slice(0, 200);
}

/** The arguments of one vitest pass writing its JSON report to `file`. */
function vitestArgs(file, projectArgs) {
  return [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...projectArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
    ...extraArgs,
  ];
}

function addPlaywright(status, reportName) {
  const file = join(reportDir, reportName);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const stats = report.stats;
    collectPlaywrightFailures(report.suites ?? [], reportName);
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (stats.skipped > 0) missing(`${stats.skipped} browser journeys were skipped (${reportName}).`);
  } else if (status !== 0) {
    totals.failed += 1;
  }
}

/** Walks a Playwright JSON report's nested suites for the specs whose result was unexpected. */
function collectPlaywrightFailures(suites, reportName) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      const failed = (spec.tests ?? []).filter((test) => test.status === 'unexpected');
      for (const test of failed) {
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`${reportName} ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], reportName);
  }
}

/** One vitest pass; its JSON report adds to the totals. Without blocking, so a pass can run beside the journeys. */
async function vitestPass(title, reportName, projectArgs, env) {
  const file = join(reportDir, `${reportName}.json`);
  const status = await runBeside(title, process.execPath, vitestArgs(file, projectArgs), env, false);
  addVitest(file, status, reportName);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

await vitestPass('unit, screen and database tests on PGlite', 'pglite', [], { MC_TEST_ENGINE: 'pglite' });

/** The database suite again on PostgreSQL, or a notice (a failure in CI) when no server answers. */
async function postgresPass() {
  if (!(await postgresReachable())) {
    missing(`PostgreSQL is not reachable at ${adminUrl}: skipped the PostgreSQL run of the database suite.`);
    return;
  }
  // only the files that use a test database (scripts/database-test-files.mjs): the server project's pure
  // unit files cannot tell the engines apart, so a second run of them only repeated the first
  const excluded = engineIndependentTestFiles().flatMap((file) => ['--exclude', file]);
  // a filter naming only such files leaves the pass empty, which is then no failure
  const narrowed = extraArgs.length > 0 ? ['--passWithNoTests'] : [];
  await vitestPass('database suite on PostgreSQL', 'postgres', ['--project', 'server', ...narrowed, ...excluded], {
    MC_TEST_ENGINE: 'postgres',
    MC_TEST_DATABASE_URL: adminUrl,
  });
}

/** The browser journeys, flow mode then hosted mode; their output is printed whole after each part. */
async function journeys() {
  if (process.env.MC_SKIP_E2E) {
    missing('MC_SKIP_E2E is set: skipped the browser journeys.');
    return;
  }
  if (!existsSync('e2e/playwright.config.ts')) return;
  const flow = await runBeside(
    'browser journeys (Playwright, Chromium)',
    process.execPath,
    ['scripts/e2e.mjs'],
    {},
    true,
  );
  addPlaywright(flow, 'e2e.json');
  const hosted = await runBeside(
    'hosted organisation mode journeys (Playwright, Chromium)',
    process.execPath,
    ['scripts/e2e-hosted.mjs'],
    {},
    true,
  );
  addPlaywright(hosted, 'e2e-hosted.json');
}

// The PostgreSQL pass leaves a quarter of the two cores idle (tests waiting on spawned servers and
// timers), and so do the journeys (a browser waiting on pages): side by side they fit CI's budget
// (docs/testing.md, "CI budget").
await Promise.all([postgresPass(), journeys()]);

if (failures.length > 0) {
  console.log(`\n=== failed tests (${failures.length}) ===`);
  for (const failure of failures.slice(0, 60)) console.log(failure);
  if (failures.length > 60) console.log(`… and ${failures.length - 60} more`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
