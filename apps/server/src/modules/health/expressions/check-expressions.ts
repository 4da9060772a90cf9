/**
 * Applies a check's `test`, `display` and `transform` expressions (canary-checker's Templatable) to a
 * run's outcome, in that order. Only `expr` (CEL) runs here; `javascript`, `template` and `jsonPath`
 * blocks are reported as unsupported rather than skipped, so a check never passes by ignoring its test.
 *
 * Variables: every key of the run's details at the top level (e.g. `code`, `content`, `json` for http;
 * `results` for SQL, Prometheus and exec), plus `duration` (ms), `check` {name, type, description,
 * labels} and, when the scheduler passes it, `canary` {name, namespace, labels}.
 */
import type { CheckTemplate } from '@mc/contracts';
import { ExpressionError, evaluateExpression } from './cel.js';

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
}

const UNSUPPORTED = ['javascript', 'template', 'jsonPath'] as const;

/** The first unsupported expression kind the spec uses, as a message; null when all are CEL. */
export function unsupportedExpression(spec: TemplatableSpec): string | null {
  for (const block of ['test', 'display', 'transform'] as const) {
    for (const kind of UNSUPPORTED) {
      if (spec[block]?.[kind]) return `${block}.${kind} is not supported; write ${block}.expr (CEL) instead`;
    }
  }
  return null;
}

function fail(subject: ExpressionSubject, message: string, error?: string): ExpressionSubject {
  return { ...subject, status: 'unhealthy', message, ...(error ? { error } : {}) };
}

function applyTransform(
  subject: ExpressionSubject,
  value: unknown,
  transformed: TransformedCheck[],
): ExpressionSubject {
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
  if (typeof out.pass === 'boolean') next.status = out.pass ? 'healthy' : 'unhealthy';
  if (typeof out.message === 'string') next.message = out.message;
  if (typeof out.error === 'string') next.error = out.error;
  if (typeof out.duration === 'number') next.duration = out.duration;
  // An object (checked) replaces the details map.
  if (out.detail && typeof out.detail === 'object') next.details = out.detail as Record<string, unknown>;
  return next;
}

/**
 * Runs the spec's expressions over the outcome. The test runs only when the check itself passed (a
 * refused connection has nothing to test); display and transform run whenever the run produced details.
 */
export function applyCheckExpressions(
  spec: TemplatableSpec,
  type: string,
  subject: ExpressionSubject,
  extra: { canary?: Record<string, unknown> } = {},
): { subject: ExpressionSubject; transformed: TransformedCheck[] } {
  const transformed: TransformedCheck[] = [];
  const variables = (current: ExpressionSubject): Record<string, unknown> => ({
    ...current.details,
    duration: current.duration,
    check: { name: spec.name, type, description: spec.description ?? '', labels: spec.labels ?? {} },
    ...(extra.canary ? { canary: extra.canary } : {}),
  });
  let current = subject;
  try {
    const test = spec.test?.expr;
    if (test && current.status === 'healthy') {
      const value = evaluateExpression(test, variables(current));
      // The reason also goes to `error`, so a display expression that rewrites the message keeps it.
      const reason =
        value === false
          ? `test expression returned false: ${test}`
          : value !== true
            ? `test expression must return true or false, got ${JSON.stringify(value)}: ${test}`
            : null;
      if (reason) current = fail(current, reason, reason);
    }
    if (spec.display?.expr) {
      const value = evaluateExpression(spec.display.expr, variables(current));
      current = { ...current, message: typeof value === 'string' ? value : JSON.stringify(value) };
    }
    if (spec.transform?.expr) {
      current = applyTransform(current, evaluateExpression(spec.transform.expr, variables(current)), transformed);
    }
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    current = fail(current, error.message, error.message);
  }
  return { subject: current, transformed };
}
