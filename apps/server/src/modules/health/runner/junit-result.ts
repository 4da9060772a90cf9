/**
 * canary-checker's `spec.resultMode: junit` (checks/runchecks.go ProcessResults): a run's results are
 * combined into one JUnit-style suite, stored as the only result of the run, on a check of type `junit`
 * (named after the canary) that saving the canary adds. The suite passes when none of its tests failed;
 * its message is the suite summary as upstream's `Totals.String()` writes it.
 */
import type { CheckResult } from '../check-types/check-context.js';
import type { RunnableCheck } from './check-runner.js';

/** The type of the check a junit-mode canary's combined result is stored on. */
export const JUNIT_CHECK_TYPE = 'junit';

/** The check entry saving a junit-mode canary adds: its spec marks it as upstream's combined JunitCheck. */
export function junitCheckEntry(canaryName: string) {
  return {
    type: JUNIT_CHECK_TYPE,
    name: canaryName,
    spec: { name: canaryName, description: 'Result Mode: JUnit Report', testResults: 'combined' },
  };
}

/** Whether a check row is a junit-mode canary's combined check (it is never run itself). */
export const isJunitCheck = (check: Pick<RunnableCheck, 'type'>) => check.type === JUNIT_CHECK_TYPE;

/** Go's time.Duration String() for whole seconds ("0s", "45s", "2m5s", "1h0m3s"). */
function goSeconds(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}

/** One test of the suite. */
interface JunitTest {
  classname: string;
  name: string;
  status: 'passed' | 'failed';
  message: string;
  duration: number;
  error?: string;
  properties?: Record<string, unknown>;
}

/** The suite summary, as upstream's Totals.String() (durations in seconds, truncated to whole seconds). */
export function junitSummary(totals: { passed: number; failed: number; duration: number }): string {
  const parts: string[] = [];
  if (totals.passed > 0) parts.push(`${totals.passed} passed`);
  if (totals.failed > 0) parts.push(`${totals.failed} failed`);
  let summary = parts.join(', ');
  if (totals.duration > 0) summary += `${summary ? ' ' : ''} in ${goSeconds(Math.trunc(totals.duration))}`;
  return summary;
}

/**
 * The one result of a junit-mode run, from each run check and its result. As upstream, a test is named
 * by its check's description (its name when it has none) and each test's duration counts twice in the
 * suite's duration (GetJunitReportFromResults adds it twice).
 */
export function combineJunitResults(
  canaryName: string,
  runs: { check: RunnableCheck; result: CheckResult }[],
): CheckResult {
  const tests: JunitTest[] = [];
  let passed = 0;
  let failed = 0;
  let duration = 0;
  for (const { check, result } of runs) {
    const spec = (check.spec ?? {}) as { description?: unknown; labels?: unknown };
    const ok = result.status === 'healthy';
    const test: JunitTest = {
      classname: check.type,
      name: typeof spec.description === 'string' && spec.description ? spec.description : check.name,
      status: ok ? 'passed' : 'failed',
      message: result.message,
      duration: result.duration / 1000,
      ...(ok ? {} : { error: result.error ?? result.message }),
      ...(spec.labels && typeof spec.labels === 'object' ? { properties: spec.labels as Record<string, unknown> } : {}),
    };
    if (ok) passed++;
    else failed++;
    duration += (2 * result.duration) / 1000;
    tests.push(test);
  }
  const suite = { name: canaryName, passed, failed, duration, tests };
  return {
    status: failed > 0 ? 'unhealthy' : 'healthy',
    duration: runs.reduce((sum, run) => sum + run.result.duration, 0),
    message: junitSummary(suite),
    details: { suite },
  };
}
