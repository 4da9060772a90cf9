/**
 * What canary-checker gives a check's Go templates before a run (api/context: the check's environment and
 * its contextual functions), shared by the fields this server renders — a SQL check's `query`
 * (stateful-query.ts) and a folder check's path and filter (folder-template.ts): `last_result`, a
 * function returning the check's previous run as upstream shapes it (`status`, `invalid`, `createdAt`,
 * `duration`, `message`, `error`, and `results`: that run's details), and `check`, `canary` and
 * `outputs`. On the first run `last_result` is upstream's empty run: status "", no time, duration 0 and
 * results {}. The template is the text the check's author saved; values never become template source.
 */
import { type FunctionTable, renderGoTemplate } from '../../../platform/go-template/index.js';
import type { PreviousRun } from './last-result.repo.js';

/** upstream's last_result map for a previous run (or its empty run when there is none). */
export function lastResultOf(previous: PreviousRun | undefined): Record<string, unknown> {
  if (!previous) {
    return { status: '', invalid: false, createdAt: null, duration: 0, message: '', error: '', results: {} };
  }
  return {
    status: previous.status ?? false,
    invalid: previous.invalid ?? false,
    createdAt: previous.time,
    duration: previous.duration ?? 0,
    message: previous.message ?? '',
    error: previous.error ?? '',
    results: previous.details ?? {},
  };
}

/** What a check's template sees besides `last_result`. */
export interface CheckTemplateData {
  check: { id: string; name: string; description: string; labels: Record<string, string> };
  canary: { name: string; namespace: string; labels: Record<string, string> };
  outputs?: Record<string, unknown>;
}

/** A map of the stored spec (validated at save), or {} for anything else. */
const mapOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The template data of a check's run: upstream's `check` and `canary` maps, and `outputs` after dependsOn. */
export function checkTemplateData(
  check: {
    id: string;
    name: string;
    spec: unknown;
    canary_name: string;
    canary_namespace: string;
    canary_labels: Record<string, string> | null;
  },
  outputs?: Record<string, unknown>,
): CheckTemplateData {
  const spec = mapOf(check.spec);
  return {
    check: {
      id: check.id,
      name: check.name,
      description: typeof spec.description === 'string' ? spec.description : '',
      // check labels are a string map (the canary schema validated them)
      labels: mapOf(spec.labels) as Record<string, string>,
    },
    canary: { name: check.canary_name, namespace: check.canary_namespace, labels: check.canary_labels ?? {} },
    ...(outputs ? { outputs } : {}),
  };
}

/**
 * One template rendered with the run's data; `lastResult` (the value `last_result` returns) is read only
 * when the template names it. Throws GoTemplateError when the template fails.
 */
export async function renderCheckTemplate(
  source: string,
  data: CheckTemplateData,
  lastResult: () => Promise<unknown>,
): Promise<string> {
  const functions: FunctionTable = {};
  if (source.includes('last_result')) {
    const value = await lastResult();
    Object.assign(functions, { last_result: () => value });
  }
  return renderGoTemplate(source, data, { functions });
}
