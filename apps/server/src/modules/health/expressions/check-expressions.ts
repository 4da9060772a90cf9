/**
 * Applies a check's `test`, `display` and `transform` expressions (canary-checker's Templatable) to a
 * run's outcome, in that order. A block is `javascript`, `template` (Go text/template) or `expr` (CEL),
 * evaluated by block-evaluation.ts; `jsonPath` blocks are reported as unsupported rather than skipped,
 * so a check never passes by ignoring its test.
 *
 * Variables (canary-checker's names, see upstream-variables.ts): every key of the run's details at the top
 * level (e.g. `code`, `headers`, `content`, `json`, `elapsed`, `sslAge` for http; `results` for SQL,
 * Prometheus and exec), `results` ({} when the type sets none), `pass`, `message`, `error`, `errorType`,
 * `duration` (ms), `check` {name, type, description, labels} and, when the scheduler passes them, `canary` {name, namespace, labels} and `outputs` (the
 * outputs of the checks it depends on, runner/check-outputs.ts). A transform may return a map, a list of
 * maps, or their JSON text (`.toJSON()`, as upstream fixtures do).
 */
import type { CheckTemplate } from '@mc/contracts';
import type { CheckMetric } from '../../../platform/metrics/check-metrics.js';
import { blockSource, evaluateBlock } from './block-evaluation.js';
import { type CheckExpressionOptions, ExpressionError } from './cel.js';
import { refusedFunctionIn } from './cel-extensions/cel-misc.js';
import { type CheckMetricSpec, evaluateCheckMetrics, transformedMetrics } from './check-metric-values.js';
import { upstreamVariables } from './upstream-variables.js';

/** The parts of a run's outcome the expressions read and may change. */
export interface ExpressionSubject {
  status: 'healthy' | 'unhealthy';
  message: string;
  error?: string;
  duration: number;
  details: Record<string, unknown>;
}

/** A check produced by a transform that returns named entries (canary-checker's "transformed" checks). */
export interface TransformedCheck {
  name: string;
  [key: string]: unknown;
}

/** The spec fields the expressions come from. */
export interface TemplatableSpec {
  name: string;
  description?: string;
  labels?: Record<string, string>;
  test?: CheckTemplate;
  display?: CheckTemplate;
  transform?: CheckTemplate;
  metrics?: CheckMetricSpec[];
}

/** The first unsupported expression kind (jsonPath) the spec uses, as a message; null when none. */
export function unsupportedExpression(spec: TemplatableSpec): string | null {
  for (const block of ['test', 'display', 'transform'] as const) {
    if (spec[block]?.jsonPath) {
      return `${block}.jsonPath is not supported by this server; write ${block}.expr (CEL) instead`;
    }
  }
  return null;
}

/**
 * The CEL expressions of a canary's checks that call a function this server refuses (jq, jmespath, f,
 * catalog.query; `last_result()` is a check's own), as `spec.<type>[i].<block>.expr: <reason>`, so the
 * save is refused rather than every run failing.
 */
export function refusedExpressionErrors(spec: Record<string, unknown>, types: readonly string[]): string[] {
  const errors: string[] = [];
  for (const type of types) {
    const list = spec[type];
    if (!Array.isArray(list)) continue;
    list.forEach((check: unknown, index) => {
      for (const block of ['test', 'display', 'transform'] as const) {
        // Reading one optional block off a check entry; its `expr` is type-checked next.
        const expr = (check as Partial<TemplatableSpec> | null)?.[block]?.expr;
        const refused = typeof expr === 'string' ? refusedFunctionIn(expr, ['last_result']) : null;
        if (refused) errors.push(`spec.${type}[${index}].${block}.expr: ${refused}`);
      }
    });
  }
  return errors;
}

function fail(subject: ExpressionSubject, message: string, error?: string): ExpressionSubject {
  return { ...subject, status: 'unhealthy', message, ...(error ? { error } : {}) };
}

/** A transform's JSON text (upstream fixtures end in `.toJSON()`) as the value it encodes. */
function decodeTransform(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function applyTransform(
  subject: ExpressionSubject,
  result: unknown,
  transformed: TransformedCheck[],
  metrics: CheckMetric[],
): ExpressionSubject {
  const value = decodeTransform(result);
  if (Array.isArray(value)) {
    for (const item of value) {
      // Reading `name` off an unknown object to test it.
      if (item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string') {
        // Checked: an object with a string name.
        transformed.push(item as TransformedCheck);
      }
    }
    return subject;
  }
  if (!value || typeof value !== 'object') {
    return fail(subject, `transform expression must return a map or a list of maps, got ${JSON.stringify(value)}`);
  }
  // A non-array object (checked above).
  const out = value as Record<string, unknown>;
  if (typeof out.name === 'string' && out.name !== '') {
    // `name` is a non-empty string (checked).
    transformed.push(out as TransformedCheck);
    return subject;
  }
  const next = { ...subject };
  if (out.metrics !== undefined) {
    // canary-checker records a transform's `metrics` with the check's own (checks/metrics.go).
    const found = transformedMetrics(out.metrics);
    if ('error' in found) return fail(subject, found.error, found.error);
    metrics.push(...found.metrics);
  }
  if (typeof out.pass === 'boolean') next.status = out.pass ? 'healthy' : 'unhealthy';
  if (typeof out.message === 'string') next.message = out.message;
  if (typeof out.error === 'string') next.error = out.error;
  if (typeof out.duration === 'number') next.duration = out.duration;
  // An object (checked) replaces the details map.
  if (out.detail && typeof out.detail === 'object') next.details = out.detail as Record<string, unknown>;
  return next;
}

/** upstream's empty last_result, for a run with no previous one (or where none can be read). */
const NO_LAST_RESULT = {
  status: '',
  invalid: false,
  createdAt: null,
  duration: 0,
  message: '',
  error: '',
  results: {},
};

/**
 * A check's own expression options: `last_result()` answers the previous run, read only when a test,
 * display or transform expression calls it (once per run).
 */
async function checkOptions(
  spec: TemplatableSpec,
  lastResult: (() => Promise<Record<string, unknown>>) | undefined,
): Promise<CheckExpressionOptions | undefined> {
  const calls = [spec.test, spec.display, spec.transform].some((block) => block?.expr?.includes('last_result'));
  if (!calls) return undefined;
  return { lastResult: lastResult ? await lastResult() : NO_LAST_RESULT };
}

/**
 * Runs the spec's expressions over the outcome. The test runs only when the check itself passed (a
 * refused connection has nothing to test); display and transform run whenever the run produced details.
 */
export async function applyCheckExpressions(
  spec: TemplatableSpec,
  type: string,
  subject: ExpressionSubject,
  extra: {
    canary?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
    lastResult?: () => Promise<Record<string, unknown>>;
  } = {},
): Promise<{ subject: ExpressionSubject; transformed: TransformedCheck[]; metrics: CheckMetric[] }> {
  const check = await checkOptions(spec, extra.lastResult);
  const transformed: TransformedCheck[] = [];
  const fromTransform: CheckMetric[] = [];
  const variables = (current: ExpressionSubject): Record<string, unknown> => ({
    ...upstreamVariables(type, current),
    check: { name: spec.name, type, description: spec.description ?? '', labels: spec.labels ?? {} },
    ...(extra.canary ? { canary: extra.canary } : {}),
    ...(extra.outputs ? { outputs: extra.outputs } : {}),
  });
  let current = subject;
  try {
    const test = blockSource(spec.test);
    if (spec.test && test && current.status === 'healthy') {
      const value = await evaluateBlock(spec.test, 'test', variables(current), {}, check);
      // The reason also goes to `error`, so a display expression that rewrites the message keeps it.
      const reason =
        value === false
          ? `test expression returned false: ${test}`
          : value !== true
            ? `test expression must return true or false, got ${JSON.stringify(value)}: ${test}`
            : null;
      if (reason) current = fail(current, reason, reason);
    }
    if (spec.display && blockSource(spec.display)) {
      const value = await evaluateBlock(spec.display, 'display', variables(current), {}, check);
      current = { ...current, message: typeof value === 'string' ? value : JSON.stringify(value) };
    }
    if (spec.transform && blockSource(spec.transform)) {
      const value = await evaluateBlock(spec.transform, 'transform', variables(current), {}, check);
      current = applyTransform(current, value, transformed, fromTransform);
    }
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    current = fail(current, error.message, error.message);
  }
  // Custom metrics (canary-checker's metrics) see the outcome the expressions left.
  const evaluated = spec.metrics?.length ? evaluateCheckMetrics(spec.metrics, variables(current)) : { metrics: [] };
  if ('error' in evaluated)
    return { subject: fail(current, evaluated.error, evaluated.error), transformed, metrics: [] };
  return { subject: current, transformed, metrics: [...fromTransform, ...evaluated.metrics] };
}
