/**
 * What a check type receives and returns. The scheduler (a job handler) builds the context once per run:
 * an AbortSignal carrying the per-check timeout, the egress guard, and the resolvers of stored
 * connections and of config-map/secret values, which other modules inject. A resolver left out means
 * that source is not available on this server, and a check that needs it says so.
 */
import type { CheckResultStatus, CheckType } from '@mc/contracts';
import type { z } from 'zod';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import type { CheckMetric } from '../../../platform/metrics/check-metrics.js';
import type { TransformedCheck } from '../expressions/check-expressions.js';
import type { NewCheckArtifact } from './exec-artifacts.js';
import type { FolderConfinementSource } from './folder-roots.js';

/** A stored connection with its secrets resolved (the columns of upstream's `connections` table). */
export interface ResolvedConnection {
  type: string;
  name: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  certificate?: string | null;
  insecure_tls?: boolean | null;
  properties?: Record<string, unknown> | null;
}

/** Looks up `connection://<type>/<name>`; null when no such connection exists. */
export type ConnectionResolver = (ref: string) => Promise<ResolvedConnection | null>;

/**
 * An env-var source: a config map's or secret's key, a service account's token (no key), or a Helm
 * release's value (`key` is its path).
 */
export interface EnvSourceRef {
  kind: 'configmap' | 'secret' | 'serviceaccount' | 'helm';
  name: string;
  key: string;
  namespace?: string;
}

/** Reads an env-var source's value; undefined when the name or key does not exist. */
export type EnvSourceResolver = (ref: EnvSourceRef) => Promise<string | undefined>;

/** The per-run context every check type's `run` receives. */
export interface CheckContext {
  signal: AbortSignal;
  timeoutMs: number;
  egress: EgressGuard;
  resolveConnection?: ConnectionResolver;
  resolveEnvSource?: EnvSourceResolver;
  /** Namespace of the canary, for env-var sources without one. */
  namespace?: string;
  /** Where folder checks may list (folder-roots.ts); left out, folder checks list nothing. */
  folderConfinement?: FolderConfinementSource;
  /** The check's previous result (`last_result()`'s map); a heartbeat check reads its last call from it. */
  lastResult?: () => Promise<Record<string, unknown>>;
  /** The run's time in ms since the epoch (a heartbeat call's own time); the clock when left out. */
  now?: number;
}

/** What a check type's `run` returns; the registry adds the duration when `duration` is left out. */
export interface CheckRunOutput {
  status: CheckResultStatus;
  message: string;
  error?: string;
  /** Measured by the type when it knows better than wall time (e.g. the HTTP exchange alone). */
  duration?: number;
  /** Also the variables of the check's expressions. */
  details: Record<string, unknown>;
  /** The spec was unusable (bad URL, missing connection); upstream's check_statuses.invalid. */
  invalid?: boolean;
  /** Files to keep with the result (an exec check's `artifacts`); the runner stores them. */
  artifacts?: NewCheckArtifact[];
}

/** One run's result as the scheduler stores it in check_statuses. */
export interface CheckResult {
  status: CheckResultStatus;
  /** Milliseconds. */
  duration: number;
  message: string;
  error?: string;
  details: Record<string, unknown>;
  invalid?: boolean;
  /** Checks produced by a transform that returned named entries; stored as checks of their own (runner/transformed-checks.ts). */
  transformed?: TransformedCheck[];
  /** Values of the check's custom `metrics`; the runner records them on /metrics (platform/metrics/check-metrics.ts). */
  metrics?: CheckMetric[];
  /** Files to keep with the result; the runner stores them and lists them in `details.artifacts`. */
  artifacts?: NewCheckArtifact[];
}

/** One check type: its canary spec key, its spec schema and its runner. */
export interface CheckTypeDefinition<S> {
  type: CheckType;
  schema: z.ZodType<S>;
  run(spec: S, ctx: CheckContext): Promise<CheckRunOutput>;
}

/** Shorthand for an unhealthy output. */
export function unhealthy(message: string, details: Record<string, unknown> = {}, error?: string): CheckRunOutput {
  return { status: 'unhealthy', message, details, ...(error ? { error } : {}) };
}

/** Shorthand for a healthy output. */
export function healthy(message: string, details: Record<string, unknown> = {}): CheckRunOutput {
  return { status: 'healthy', message, details };
}

/** A check failed in a way its message fully explains (refused, unreachable); becomes an unhealthy result. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
  constructor(
    message: string,
    readonly error?: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
