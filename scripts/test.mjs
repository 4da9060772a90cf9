// `npm test`: the whole suite. Runs unit, screen and database tests on PGlite, the database suite
// again on PostgreSQL when a server answers (MC_TEST_DATABASE_URL, default 127.0.0.1:5432/test),
// then the browser journeys (flow mode, then hosted organisation mode), and ends with one line `N passed, N failed`. In CI (CI=true) no part
// may vanish: an unreachable PostgreSQL, skipped journeys or MC_SKIP_E2E count as failures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { engineIndependentTestFiles } from './database-test-files.mjs';

const reportDir = process.env.MC_TEST_REPORT_DIR ?? '.mc-test';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const adminUrl = process.env.MC_TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const totals = { passed: 0, failed: 0, skipped: 0 };
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

function run(title, command, args, env) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function addVitest(file, status) {
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
}

function vitest(title, reportName, projectArgs, env) {
  const file = join(reportDir, `${reportName}.json`);
  const status = run(
    title,
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...projectArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...extraArgs,
    ],
    env,
  );
  addVitest(file, status);
}

function addPlaywright(status, reportName) {
  const file = join(reportDir, reportName);
  if (existsSync(file)) {
    const stats = JSON.parse(readFileSync(file, 'utf8')).stats;
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (stats.skipped > 0) missing(`${stats.skipped} browser journeys were skipped (${reportName}).`);
  } else if (status !== 0) {
    totals.failed += 1;
  }
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

vitest('unit, screen and database tests on PGlite', 'pglite', [], { MC_TEST_ENGINE: 'pglite' });

if (await postgresReachable()) {
  // only the files that use a test database (scripts/database-test-files.mjs): the server project's pure
  // unit files cannot tell the engines apart, so a second run of them only repeated the first
  const excluded = engineIndependentTestFiles().flatMap((file) => ['--exclude', file]);
  // a filter naming only such files leaves the pass empty, which is then no failure
  const narrowed = extraArgs.length > 0 ? ['--passWithNoTests'] : [];
  vitest('database suite on PostgreSQL', 'postgres', ['--project', 'server', ...narrowed, ...excluded], {
    MC_TEST_ENGINE: 'postgres',
    MC_TEST_DATABASE_URL: adminUrl,
  });
} else {
  missing(`PostgreSQL is not reachable at ${adminUrl}: skipped the PostgreSQL run of the database suite.`);
}

if (process.env.MC_SKIP_E2E) {
  missing('MC_SKIP_E2E is set: skipped the browser journeys.');
} else if (existsSync('e2e/playwright.config.ts')) {
  addPlaywright(run('browser journeys (Playwright, Chromium)', process.execPath, ['scripts/e2e.mjs']), 'e2e.json');
  addPlaywright(
    run('hosted organisation mode journeys (Playwright, Chromium)', process.execPath, ['scripts/e2e-hosted.mjs']),
    'e2e-hosted.json',
  );
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
