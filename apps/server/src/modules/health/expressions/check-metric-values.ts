/**
 * The values of a check's `metrics` after a run (canary-checker's templateMetrics, checks/metrics.go):
 * `value` and each label's `valueExpr` are CEL over the check's expression variables; a label's `value`
 * is taken as written. A value that is not a number, or an expression that fails, is reported (the run
 * fails with the reason, as upstream's ErrorMessage) and nothing of that run is recorded.
 */
import type { CheckMetric } from '../../../platform/metrics/check-metrics.js';
import { ExpressionError, evaluateExpression } from './cel.js';

/** One `metrics` entry of a check spec (validated at save by the contracts schema). */
export interface CheckMetricSpec {
  name: string;
  type: CheckMetric['type'];
  value: string;
  labels?: { name: string; value?: string | undefined; valueExpr?: string | undefined }[] | undefined;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** A label's text: strings as they are, scalars as written, anything else as JSON. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? String(value);
}

const METRIC_TYPES = new Set(['counter', 'gauge', 'histogram']);
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/**
 * The `metrics` a transform returned (upstream's pkg.Metric: `{name, type, value, labels: {k: v}}`), or
 * the first problem as `transform metrics[i]: …`.
 */
export function transformedMetrics(list: unknown): { metrics: CheckMetric[] } | { error: string } {
  if (!Array.isArray(list)) return { error: 'transform metrics: must be a list of maps' };
  const metrics: CheckMetric[] = [];
  for (const [index, item] of list.entries()) {
    // An unknown value read field by field, each checked below.
    const entry = (item ?? {}) as { name?: unknown; type?: unknown; value?: unknown; labels?: unknown };
    const where = `transform metrics[${index}]`;
    if (typeof entry.name !== 'string' || !METRIC_NAME.test(entry.name) || /^(mc_|nodejs_|process_)/.test(entry.name)) {
      return { error: `${where}.name: must be a Prometheus metric name not starting mc_, nodejs_ or process_` };
    }
    if (typeof entry.type !== 'string' || !METRIC_TYPES.has(entry.type)) {
      return { error: `${where}.type: must be counter, gauge or histogram` };
    }
    const value = numberOf(entry.value);
    if (value === undefined) return { error: `${where}.value: ${text(entry.value)} is not a number` };
    const labels: Record<string, string> = {};
    if (entry.labels && typeof entry.labels === 'object') {
      for (const [name, label] of Object.entries(entry.labels)) labels[name] = text(label);
    }
    metrics.push({ name: entry.name, type: entry.type as CheckMetric['type'], value, labels });
  }
  return { metrics };
}

/** The metrics to record, or the first problem as `metrics[i].<field>: …`. */
export function evaluateCheckMetrics(
  specs: CheckMetricSpec[],
  variables: Record<string, unknown>,
): { metrics: CheckMetric[] } | { error: string } {
  const metrics: CheckMetric[] = [];
  for (const [index, spec] of specs.entries()) {
    try {
      const raw = evaluateExpression(spec.value, variables);
      const value = numberOf(raw);
      if (value === undefined) return { error: `metrics[${index}].value: ${text(raw)} is not a number` };
      const labels: Record<string, string> = {};
      for (const label of spec.labels ?? []) {
        labels[label.name] = label.valueExpr
          ? text(evaluateExpression(label.valueExpr, variables))
          : (label.value ?? '');
      }
      metrics.push({ name: spec.name, type: spec.type, value, labels });
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      return { error: `metrics[${index}]: ${error.message}` };
    }
  }
  return { metrics };
}
