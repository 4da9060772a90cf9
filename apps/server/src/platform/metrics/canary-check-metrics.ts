import { Counter, Gauge, Histogram } from 'prom-client';
import { redactText } from '../log-redaction.js';
import { processRegistry } from './metrics-registry.js';

/**
 * canary-checker's per-check series (its pkg/metrics), with the same names, types, help texts, label
 * sets and values, so its published Grafana dashboards and any alert written against canary-checker read
 * this server unchanged: `canary_check` (0 passing, 1 failing), `canary_check_info`, the run counters and
 * the duration histogram in milliseconds. `key` is the check's id. canary-checker's
 * `--metric-labels-allowlist` extra labels are not offered: the label sets are exactly its default ones.
 */
const CHECK_LABELS = [
  'type',
  'endpoint',
  'canary_name',
  'canary_namespace',
  'owner',
  'severity',
  'key',
  'name',
] as const;
const GAUGE_LABELS = ['key', 'type', 'canary_name', 'canary_namespace', 'name'] as const;

/** Longest `endpoint` label value: a long SQL query or URL is cut, so one check cannot bloat every scrape. */
export const ENDPOINT_LABEL_MAX = 200;

const registers = [processRegistry];
const duration = new Histogram({
  name: 'canary_check_duration',
  help: 'A histogram of the response latency in milliseconds.',
  labelNames: CHECK_LABELS,
  buckets: [5, 10, 25, 50, 200, 500, 1000, 3000, 10000, 30000],
  registers,
});
const status = new Gauge({
  name: 'canary_check',
  help: 'A gauge representing the canaries success (0) or failure (1)',
  labelNames: GAUGE_LABELS,
  registers,
});
const info = new Gauge({
  name: 'canary_check_info',
  help: 'Information about the canary check',
  labelNames: CHECK_LABELS,
  registers,
});
const counter = (name: string, help: string) => new Counter({ name, help, labelNames: CHECK_LABELS, registers });
const runs = counter('canary_check_count', 'The total number of checks');
const passed = counter('canary_check_success_count', 'The total number of successful checks');
const failed = counter('canary_check_failed_count', 'The total number of failed checks');
const invalid = counter('canary_check_invalid_count', 'The total number of invalid checks');
const checkSeries = [duration, info, runs, passed, failed, invalid];

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

type CheckLabels = Record<(typeof CHECK_LABELS)[number], string>;
type GaugeLabels = Record<(typeof GAUGE_LABELS)[number], string>;

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

/** What a check's series were last recorded with. */
interface RecordedCheck {
  /** The run the labels were made from: a run with the same label inputs reuses them. */
  inputs: Pick<CanaryCheckRun, (typeof LABEL_INPUTS)[number]>;
  labels: CheckLabels;
  gauge: GaugeLabels;
  /** What `canary_check` and `canary_check_info` hold: 0 passing, 1 failing. */
  value: number;
  /** Whether `canary_check_failed_count` has this check's series (a pass creates it at 0). */
  failedSeries: boolean;
}

/**
 * Each check's labels as last recorded, so a changed endpoint replaces its old series, and a run like
 * the last one costs no relabelling (the redaction of its endpoint) nor a write that changes nothing.
 */
const recorded = new Map<string, RecordedCheck>();
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

function forget(checkId: string): void {
  const check = recorded.get(checkId);
  if (!check) return;
  for (const series of checkSeries) series.remove(check.labels);
  status.remove(check.gauge);
  recorded.delete(checkId);
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
  if (previous) forget(run.checkId);
  const check = { inputs, labels, gauge: gaugeLabels(labels), value: -1, failedSeries: false };
  recorded.set(run.checkId, check);
  return check;
}

/**
 * Records one run as canary-checker's metrics.Record does: every run counts; a pass sets the gauges to 0,
 * counts a success and keeps a failed series at 0 (so an uptime ratio has both); a failure sets them to 1
 * and counts one of failed or invalid. A gauge already holding the value and a failed series already there
 * are not written again. In the job thread the run goes to {@link forwardCanaryChecksTo}'s target: the main
 * thread's registry is the one scraped.
 */
export function recordCanaryCheck(run: CanaryCheckRun): void {
  if (forward) {
    forward(run);
    return;
  }
  const check = recordedCheck(run);
  const { labels } = check;
  runs.inc(labels);
  if (run.durationMs > 0) duration.observe(labels, run.durationMs);
  const value = run.outcome === 'pass' ? 0 : 1;
  if (check.value !== value) {
    status.set(check.gauge, value);
    info.set(labels, value);
    check.value = value;
  }
  if (run.outcome === 'pass') {
    passed.inc(labels);
    if (!check.failedSeries) failed.inc(labels, 0);
  } else if (run.outcome === 'invalid') invalid.inc(labels);
  else failed.inc(labels);
  if (run.outcome !== 'invalid') check.failedSeries = true;
}

/** The check ids that have series now (the scrape drops those of deleted checks: {@link forgetCanaryChecks}). */
export function recordedCanaryChecks(): string[] {
  return [...recorded.keys()];
}

/** Removes every series of these checks (deleted since they last ran), as canary-checker unregisters a removed check. */
export function forgetCanaryChecks(checkIds: Iterable<string>): void {
  for (const checkId of checkIds) forget(checkId);
}

/** Sends this thread's runs to `target` (the job thread passes them to the main thread); undefined records them here. */
export function forwardCanaryChecksTo(target: ((run: CanaryCheckRun) => void) | undefined): void {
  forward = target;
}
