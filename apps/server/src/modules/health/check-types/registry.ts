/**
 * The check-type registry and the one entry point a job handler calls: `runCheck(type, spec, options)`.
 * It validates the spec with the type's schema (once per spec object: {@link validated}), runs it under
 * the per-check timeout (an AbortSignal the runner passes to its sockets and processes, plus a race so a
 * stuck client cannot hold the job), turns every failure into an unhealthy result with a clear message,
 * applies the CEL expressions, and trims long strings in the stored details. It never throws for a
 * check's own failure.
 */
import {
  CHECK_DETAILS_MAX_BYTES,
  CHECK_DETAILS_MAX_STRING,
  CHECK_TYPES,
  type CheckType,
  DEFAULT_CHECK_TIMEOUT_MS,
} from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import {
  applyCheckExpressions,
  type TemplatableSpec,
  unsupportedExpression,
} from '../expressions/check-expressions.js';
import {
  type CheckContext,
  CheckFailure,
  type CheckResult,
  type CheckRunOutput,
  type CheckTypeDefinition,
  type ConnectionResolver,
  type EnvSourceResolver,
} from './check-context.js';
import { dnsCheckType } from './dns.js';
import { execCheckType } from './exec.js';
import { folderCheckType } from './folder.js';
import type { FolderConfinementSource } from './folder-roots.js';
import { httpCheckType } from './http.js';
import { icmpCheckType } from './icmp.js';
import { mysqlCheckType } from './mysql.js';
import { errorText } from './network-errors.js';
import { postgresCheckType } from './postgres.js';
import { prometheusCheckType } from './prometheus.js';
import { redisCheckType } from './redis.js';
import { runSignal } from './run-signal.js';
import { tcpCheckType } from './tcp.js';
import { tlsCheckType } from './tls.js';
import { webhookCheckType } from './webhook.js';

/** A definition with its spec type erased, so one map holds all of them. */
interface ErasedDefinition {
  type: CheckType;
  execute(spec: unknown, ctx: CheckContext): Promise<{ spec: TemplatableSpec; output: CheckRunOutput }>;
}

/** A spec as its type's schema left it, or why it cannot run. */
type Validation<S> = { spec: S } | { refused: string };

function validate<S extends TemplatableSpec>(definition: CheckTypeDefinition<S>, raw: unknown): Validation<S> {
  const parsed = definition.schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { refused: `invalid ${definition.type} check spec: ${where}${issue?.message ?? 'invalid'}` };
  }
  const unsupported = unsupportedExpression(parsed.data);
  return unsupported ? { refused: unsupported } : { spec: parsed.data };
}

/** Each spec object's validation, with the type it was validated as. */
const validations = new WeakMap<object, { type: CheckType; validation: Validation<TemplatableSpec> }>();

/**
 * The validation of `raw` as `definition`'s spec, made once per spec object: the schemas are pure, so a
 * spec run again (every tick of a canary, whose runner reads the same object while the stored definition
 * is unchanged: runner/runnable-checks.repo.ts) is not parsed again — zod was ~4% of a run's CPU. A spec
 * object is never changed once run: a changed definition is a new object, and is validated afresh.
 */
function validated<S extends TemplatableSpec>(definition: CheckTypeDefinition<S>, raw: unknown): Validation<S> {
  if (typeof raw !== 'object' || raw === null) return validate(definition, raw);
  const known = validations.get(raw);
  // Stored by this function for this type: its schema's output, an S.
  if (known?.type === definition.type) return known.validation as Validation<S>;
  const validation = validate(definition, raw);
  validations.set(raw, { type: definition.type, validation });
  return validation;
}

function erase<S extends TemplatableSpec>(definition: CheckTypeDefinition<S>): ErasedDefinition {
  return {
    type: definition.type,
    async execute(raw, ctx) {
      const validation = validated(definition, raw);
      if ('refused' in validation) throw new CheckConfigError(validation.refused);
      return { spec: validation.spec, output: await definition.run(validation.spec, ctx) };
    },
  };
}

/** Every check type, keyed by its canary spec key. Adding a type: one file and one line here. */
export const checkTypes: Record<CheckType, ErasedDefinition> = {
  http: erase(httpCheckType),
  tcp: erase(tcpCheckType),
  dns: erase(dnsCheckType),
  tls: erase(tlsCheckType),
  icmp: erase(icmpCheckType),
  postgres: erase(postgresCheckType),
  mysql: erase(mysqlCheckType),
  redis: erase(redisCheckType),
  prometheus: erase(prometheusCheckType),
  exec: erase(execCheckType),
  folder: erase(folderCheckType),
  webhook: erase(webhookCheckType),
};

/** What the caller (the scheduler's job handler) supplies for one run. */
export interface RunCheckOptions {
  egress: EgressGuard;
  /** Per-check timeout; defaults to {@link DEFAULT_CHECK_TIMEOUT_MS}. */
  timeoutMs?: number;
  /**
   * The job's own signal (shutdown, lease lost); combined with the timeout. The runs sharing one signal (a
   * canary tick's) share one listener on it (run-signal.ts).
   */
  signal?: AbortSignal;
  /**
   * The caller stores a transform's named entries as checks of their own (the server's runner,
   * runner/transformed-checks.ts). Without it (an agent) a run returning some fails saying so, rather
   * than the entries being dropped unseen.
   */
  storesTransformed?: boolean;
  resolveConnection?: ConnectionResolver;
  resolveEnvSource?: EnvSourceResolver;
  namespace?: string;
  /** Exposed to expressions as `canary`. */
  canary?: { name: string; namespace?: string; labels?: Record<string, string> };
  /** Exposed to expressions as `outputs`: what the checks this one depends on left (runner/check-outputs.ts). */
  outputs?: Record<string, unknown>;
  /** The check's previous run as `last_result()` answers it in CEL (upstream's map), read only when called. */
  lastResult?: () => Promise<Record<string, unknown>>;
  /** Where folder checks may list (folder-roots.ts); left out, they list nothing. */
  folderConfinement?: FolderConfinementSource;
  /** The run's time (ms since the epoch) for types that compare with it (a heartbeat call's arrival). */
  now?: number;
}

/** Whether `value` is a plain object or array, which {@link trimDetails} may hand back unchanged. */
function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/**
 * `value` with its long strings cut. A plain object or array with nothing to cut is answered as it is
 * (copied only along a path to a cut string): copying every run's details whole was a share of a
 * check run's allocations (issue 32 item 2). Other objects are copied as plain objects, as before.
 */
function trimDetails(value: unknown, depth = 0): unknown {
  if (typeof value === 'string' && value.length > CHECK_DETAILS_MAX_STRING) {
    return `${value.slice(0, CHECK_DETAILS_MAX_STRING)}… (${value.length} characters, truncated)`;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const trimmed = trimDetails(item, depth + 1);
      if (trimmed === item) continue;
      copy ??= [...value];
      copy[index] = trimmed;
    }
    return copy ?? value;
  }
  const entries = Object.entries(value);
  let copy: Record<string, unknown> | undefined = isPlain(value) ? undefined : {};
  for (const [key, item] of entries) {
    const trimmed = trimDetails(item, depth + 1);
    if (copy) copy[key] = trimmed;
    else if (trimmed !== item) {
      copy = Object.fromEntries(entries);
      copy[key] = trimmed;
    }
  }
  return copy ?? value;
}

/**
 * Trims long strings, then replaces the largest top-level entries until the whole fits the byte limit.
 * Details whose whole JSON fits are answered after one serialisation: the entries' sizes add up to less.
 */
function storableDetails(details: Record<string, unknown>): Record<string, unknown> {
  // trimDetails keeps the shape: an object in, an object out; a copy, so omitting entries leaves `details` as it is.
  const trimmed = { ...(trimDetails(details) as Record<string, unknown>) };
  if (JSON.stringify(trimmed).length <= CHECK_DETAILS_MAX_BYTES) return trimmed;
  const sizes = Object.entries(trimmed).map(([key, value]) => ({ key, size: JSON.stringify(value)?.length ?? 0 }));
  let total = sizes.reduce((sum, entry) => sum + entry.size, 0);
  for (const entry of sizes.sort((a, b) => b.size - a.size)) {
    if (total <= CHECK_DETAILS_MAX_BYTES) break;
    const note = `(omitted from storage: ${entry.size} bytes)`;
    trimmed[entry.key] = note;
    total += note.length - entry.size;
  }
  return trimmed;
}

function isKnownType(type: string): type is CheckType {
  // Widened to test membership of any string.
  return (CHECK_TYPES as readonly string[]).includes(type);
}

/**
 * Runs one check and returns its result; never throws for the check's own failures. `spec` is validated
 * once per object and taken as unchanged afterwards: a changed definition is passed as a new object.
 */
export async function runCheck(type: string, spec: unknown, options: RunCheckOptions): Promise<CheckResult> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  if (!isKnownType(type)) {
    return { status: 'unhealthy', duration: 0, message: `unknown check type '${type}'`, details: {}, invalid: true };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const run = runSignal(timeoutMs, options.signal);
  const ctx: CheckContext = {
    signal: run.signal,
    timeoutMs,
    egress: options.egress,
    ...(options.resolveConnection ? { resolveConnection: options.resolveConnection } : {}),
    ...(options.resolveEnvSource ? { resolveEnvSource: options.resolveEnvSource } : {}),
    ...(options.namespace ? { namespace: options.namespace } : {}),
    ...(options.folderConfinement ? { folderConfinement: options.folderConfinement } : {}),
    ...(options.lastResult ? { lastResult: options.lastResult } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
  };
  let executed: Awaited<ReturnType<ErasedDefinition['execute']>>;
  const running = checkTypes[type].execute(spec, ctx);
  // A run that loses the race to the timeout may still reject later; that rejection is already answered.
  running.catch(() => undefined);
  try {
    executed = await Promise.race([running, run.aborted]);
  } catch (error) {
    const duration = elapsed();
    if (run.timedOut) {
      return { status: 'unhealthy', duration, message: `timed out after ${timeoutMs} ms`, details: {} };
    }
    if (run.signal.aborted) {
      return { status: 'unhealthy', duration, message: 'cancelled before it finished', details: {} };
    }
    if (error instanceof CheckConfigError) {
      return { status: 'unhealthy', duration, message: error.message, details: {}, invalid: true };
    }
    if (error instanceof CheckFailure) {
      const failed: CheckResult = { status: 'unhealthy', duration, message: error.message, details: error.details };
      if (error.error) failed.error = error.error;
      return failed;
    }
    return { status: 'unhealthy', duration, message: errorText(error), error: errorText(error), details: {} };
  } finally {
    run.dispose();
  }
  const { output } = executed;
  const { subject, transformed, metrics } = await applyCheckExpressions(
    executed.spec,
    type,
    {
      status: output.status,
      message: output.message,
      duration: output.duration ?? elapsed(),
      details: output.details,
      ...(output.error ? { error: output.error } : {}),
    },
    {
      ...(options.canary ? { canary: options.canary } : {}),
      ...(options.outputs ? { outputs: options.outputs } : {}),
      ...(options.lastResult ? { lastResult: options.lastResult } : {}),
    },
  );
  const result: CheckResult = {
    status: subject.status,
    duration: subject.duration,
    message: subject.message,
    details: storableDetails(subject.details),
  };
  if (subject.error) result.error = subject.error;
  if (output.invalid) result.invalid = true;
  if (transformed.length > 0) {
    // canary-checker's transformed checks: the runner stores each named entry as a check of its own.
    result.transformed = transformed;
    if (!options.storesTransformed) {
      result.status = 'unhealthy';
      result.error = `transform returned ${transformed.length} named check entries; transformed checks are stored only by the server, not by an agent`;
      result.message = result.error;
    }
  }
  if (metrics.length > 0) result.metrics = metrics;
  if (output.artifacts?.length) result.artifacts = output.artifacts;
  return result;
}
