import { redactText } from '../log-redaction.js';
import {
  CHECK_LABELS,
  type CheckCounts,
  type CheckLabels,
  DURATION_BUCKETS,
  type GaugeLabels,
  registerCanaryCheckSeries,
} from './canary-check-series.js';
import { processRegistry } from './metrics-registry.js';

/**
 * canary-checker's per-check series (its pkg/metrics), with the same names, types, help texts, label
 * sets and values, so its published Grafana dashboards and any alert written against canary-checker read
 * this server unchanged: `canary_check` (0 passing, 1 failing), `canary_check_info`, the run counters and
 * the duration histogram in milliseconds. `key` is the check's id. canary-checker's
 * `--metric-labels-allowlist` extra labels are not offered: the label sets are exactly its default ones.
 * A run adds to its check's counts here; the series are made from them when /metrics is scraped
 * (canary-check-series.ts).
 */

/** Longest `endpoint` label value: a long SQL query or URL is cut, so one check cannot bloat every scrape. */
export const ENDPOINT_LABEL_MAX = 200;

/** One recorded run of a check, with what its labels are made of. */
export interface CanaryCheckRun {
  /** The check's id (canary-checker's `key`). */
  checkId: string;
  type: string;
  name: string;
  canaryName: string;
  canaryNamespace: string;
  /** The check's description, else its endpoint (canary-checker's GetDescription). */
  description: string | null;
  endpoint: string | null;
  owner: string | null;
  severity: string | null;
  /**
   * pass; fail (the target failed: counted against uptime); invalid (the check's spec could not run).
   * canary-checker's fourth, an internal error (`canary_check_error_count`), has no counterpart here: a
   * run that fails inside this server is stored, and counted, as failed.
   */
  outcome: 'pass' | 'fail' | 'invalid';
  /** Milliseconds; 0 is not observed, as upstream. */
  durationMs: number;
}

/** The fields of a run its labels are made of. */
const LABEL_INPUTS = [
  'type',
  'name',
  'canaryName',
  'canaryNamespace',
  'description',
  'endpoint',
  'owner',
  'severity',
] as const;

/** A check's counts, with the run its labels were made from. */
interface RecordedCheck extends CheckCounts {
  /** The run the labels were made from: a run with the same label inputs reuses them. */
  inputs: Pick<CanaryCheckRun, (typeof LABEL_INPUTS)[number]>;
}

/**
 * Each check's labels and counts as last recorded, so a changed endpoint replaces its old series, and a
 * run like the last one costs no relabelling (the redaction of its endpoint).
 */
const recorded = new Map<string, RecordedCheck>();
registerCanaryCheckSeries(processRegistry, () => recorded.values());
let forward: ((run: CanaryCheckRun) => void) | undefined;

/**
 * The `endpoint` label: the description, else the endpoint, with any credential in it redacted (a URL's
 * password, a token query parameter: platform/log-redaction.ts) and cut at {@link ENDPOINT_LABEL_MAX}.
 */
export function endpointLabel(description: string | null, endpoint: string | null): string {
  const text = redactText(description || endpoint || '');
  return text.length > ENDPOINT_LABEL_MAX ? `${text.slice(0, ENDPOINT_LABEL_MAX - 1)}…` : text;
}

/** `canary_check`'s labels: the check's, less endpoint, owner and severity. */
function gaugeLabels(labels: CheckLabels): GaugeLabels {
  const { key, type, canary_name, canary_namespace, name } = labels;
  return { key, type, canary_name, canary_namespace, name };
}

/** The check's recorded labels, made afresh when the run's label inputs changed (its old series go if its labels did). */
function recordedCheck(run: CanaryCheckRun): RecordedCheck {
  const previous = recorded.get(run.checkId);
  if (previous && LABEL_INPUTS.every((field) => previous.inputs[field] === run[field])) return previous;
  const labels: CheckLabels = {
    type: run.type,
    endpoint: endpointLabel(run.description, run.endpoint),
    canary_name: run.canaryName,
    canary_namespace: run.canaryNamespace,
    owner: run.owner ?? '',
    severity: run.severity ?? '',
    key: run.checkId,
    name: run.name,
  };
  const inputs = {
    type: run.type,
    name: run.name,
    canaryName: run.canaryName,
    canaryNamespace: run.canaryNamespace,
    description: run.description,
    endpoint: run.endpoint,
    owner: run.owner,
    severity: run.severity,
  };
  if (previous && CHECK_LABELS.every((label) => previous.labels[label] === labels[label])) {
    previous.inputs = inputs;
    return previous;
  }
  // New labels are new series: the old ones go, and the counts start again (the entry moves to the end).
  recorded.delete(run.checkId);
  const check: RecordedCheck = {
    inputs,
    labels,
    gauge: gaugeLabels(labels),
    value: 0,
    runs: 0,
    passed: undefined,
    failed: undefined,
    invalid: undefined,
    duration: undefined,
  };
  recorded.set(run.checkId, check);
  return check;
}

/** Adds a duration to the check's histogram counts, as prom-client's `observe` does. */
function observe(check: RecordedCheck, ms: number): void {
  check.duration ??= { buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
  const { duration } = check;
  const bucket = DURATION_BUCKETS.findIndex((le) => ms <= le);
  if (bucket >= 0) duration.buckets[bucket] = (duration.buckets[bucket] ?? 0) + 1;
  duration.sum += ms;
  duration.count += 1;
}

/**
 * Records one run as canary-checker's metrics.Record does: every run counts; a pass sets the gauges to 0,
 * counts a success and keeps a failed series at 0 (so an uptime ratio has both); a failure sets them to 1
 * and counts one of failed or invalid. A run of 0 ms (or no finite duration) is not observed, as upstream.
 * In the job thread the run goes to {@link forwardCanaryChecksTo}'s target: the main thread's registry is
 * the one scraped.
 */
export function recordCanaryCheck(run: CanaryCheckRun): void {
  if (forward) {
    forward(run);
    return;
  }
  const check = recordedCheck(run);
  check.runs += 1;
  if (run.durationMs > 0 && Number.isFinite(run.durationMs)) observe(check, run.durationMs);
  check.value = run.outcome === 'pass' ? 0 : 1;
  if (run.outcome === 'pass') {
    check.passed = (check.passed ?? 0) + 1;
    check.failed ??= 0;
  } else if (run.outcome === 'invalid') check.invalid = (check.invalid ?? 0) + 1;
  else check.failed = (check.failed ?? 0) + 1;
}

/** The check ids that have series now (the scrape drops those of deleted checks: {@link forgetCanaryChecks}). */
export function recordedCanaryChecks(): string[] {
  return [...recorded.keys()];
}

/** Removes every series of these checks (deleted since they last ran), as canary-checker unregisters a removed check. */
export function forgetCanaryChecks(checkIds: Iterable<string>): void {
  for (const checkId of checkIds) recorded.delete(checkId);
}

/** Sends this thread's runs to `target` (the job thread passes them to the main thread); undefined records them here. */
export function forwardCanaryChecksTo(target: ((run: CanaryCheckRun) => void) | undefined): void {
  forward = target;
}
