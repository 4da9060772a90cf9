/**
 * What upstream means a canary fixture to do, read as canary-checker's own harness reads it
 * (test/run_test.go): only files ending `_pass.yaml`/`_fail.yaml` (or `.yml`) are run; a name containing
 * `fail` wants every check result to fail, any other wants every result to pass; `_mix` results are only
 * logged. Files without the suffix are not run upstream; an `Expected-Fail: "true"` label on one (a
 * convention of those fixtures) is taken as the intent, otherwise it has none.
 */
import { basename } from 'node:path';

/** pass: every check healthy; fail: every check unhealthy; any: not judged; none: no intent upstream. */
export type Intent = 'pass' | 'fail' | 'any' | 'none';

/** The intent of a document of `path` with `labels`. */
export function intentOf(path: string, labels: Record<string, unknown> | undefined): Intent {
  const name = basename(path);
  if (/_(pass|fail)\.ya?ml$/.test(name)) {
    if (name.includes('_mix')) return 'any';
    return name.includes('fail') ? 'fail' : 'pass';
  }
  if (String(labels?.['Expected-Fail'] ?? '') === 'true') return 'fail';
  return 'none';
}

/** Whether the statuses of a run match the intent (every check; a run with no check matches nothing). */
export function matchesIntent(intent: Intent, healthy: boolean[]): boolean {
  if (healthy.length === 0) return false;
  if (intent === 'pass') return healthy.every(Boolean);
  if (intent === 'fail') return healthy.every((ok) => !ok);
  return true;
}

/** robfig/cron's optional time-zone prefix, which its parser strips before reading the fields. */
const TZ_PREFIX = /^(?:CRON_TZ|TZ)=\S+\s+/;

/**
 * Whether canary-checker's scheduler refuses a canary's schedule, so upstream never runs the canary
 * (SyncCanaryJob logs "failed to schedule canary"): robfig/cron's standard parser (`cron.New()`,
 * `cron.ParseStandard`) takes an `@` descriptor or exactly five fields, and "every 30 @minutes" or
 * "8 46 *" is neither. A refusal at save of such a schedule is upstream's outcome, met earlier.
 */
export function upstreamRefusesSchedule(schedule: unknown): boolean {
  if (typeof schedule !== 'string' || schedule.trim() === '') return false;
  const spec = schedule.trim().replace(TZ_PREFIX, '');
  return !spec.startsWith('@') && spec.split(/\s+/).length !== 5;
}
