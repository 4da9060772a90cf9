/**
 * The outputs a check leaves for the checks that depend on it (canary-checker's `outputs`): when a
 * check passes, `outputs.<name>` holds its `pass`, `message` and `duration` plus every key of its
 * details (for exec: `results.stdout`…); a check that failed leaves none. Dependants read them in their
 * test, display and transform expressions, and in `$(outputs.<name>.<path>)` placeholders of their
 * connection fields (`url`, `endpoint`, `connection`), as upstream templates a check's connection.
 */
import type { CheckResult } from '../check-types/check-context.js';

/** Outputs of the checks that ran before, by check name. */
export type CheckOutputs = Record<string, Record<string, unknown>>;

/** What a passing check leaves for its dependants; undefined for one that failed. */
export function outputOf(result: CheckResult): Record<string, unknown> | undefined {
  if (result.status !== 'healthy') return undefined;
  return { ...result.details, pass: true, message: result.message, duration: result.duration };
}

/** The spec fields whose `$(outputs.…)` placeholders are filled in (upstream: the check's connection). */
const TEMPLATED_FIELDS = ['url', 'endpoint', 'connection'] as const;

const PLACEHOLDER = /\$\(\s*outputs\.([A-Za-z0-9_.-]+)\s*\)/g;

function lookup(outputs: CheckOutputs, path: string): unknown {
  let value: unknown = outputs;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part]; // an object (checked), read by key
  }
  return value;
}

/**
 * The spec with `$(outputs.<name>.<path>)` filled in its connection fields; a placeholder that refers
 * to nothing (the named check failed, or has no such value) is an error naming the field. A spec with no
 * placeholder is answered as it is, the same object, so its validation is not repeated (registry.ts).
 */
export function withOutputs(spec: unknown, outputs: CheckOutputs): { spec: unknown } | { error: string } {
  if (spec === null || typeof spec !== 'object') return { spec };
  // Read by field name; copied before the first field is filled in.
  let filled = spec as Record<string, unknown>;
  for (const field of TEMPLATED_FIELDS) {
    const text = filled[field];
    if (typeof text !== 'string' || !text.includes('$(')) continue;
    let missing: string | undefined;
    if (filled === spec) filled = { ...spec };
    filled[field] = text.replace(PLACEHOLDER, (placeholder, path: string) => {
      const value = lookup(outputs, path);
      if (value === undefined || value === null || typeof value === 'object') {
        missing ??= placeholder;
        return placeholder;
      }
      return String(value);
    });
    if (missing) {
      const check = missing.replace(PLACEHOLDER, (_, path: string) => path.split('.')[0] ?? '');
      return { error: `${field}: ${missing} refers to nothing (check '${check}' did not pass or has no such value)` };
    }
  }
  return { spec: filled };
}
