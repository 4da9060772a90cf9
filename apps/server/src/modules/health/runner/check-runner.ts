/**
 * Runs checks and records their results. One runner per database (shared by the canary job and Run
 * Now) holds the egress guard, the connection resolvers and a process-wide concurrency bound, so a
 * thousand canaries firing together never open more than {@link HEALTH_CONCURRENCY} checks at once.
 */
import type { Database } from '@mc/db';
import type { AuditContext } from '../../../platform/audit.js';
import type { Config } from '../../../platform/config.js';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { recordCanaryCheck } from '../../../platform/metrics/canary-check-metrics.js';
import { recordCheckMetric } from '../../../platform/metrics/check-metrics.js';
import { countCheckRun } from '../../../platform/metrics/metrics-registry.js';
import { tracingOn, withSpan } from '../../../platform/tracing/spans.js';
import { connectionsServiceFor, type ValueSourceReader, valueSourceReaderFor } from '../../connections/index.js';
import type { CheckResult } from '../check-types/check-context.js';
import { serverFolderConfinement } from '../check-types/folder-roots.js';
import { runCheck } from '../check-types/registry.js';
import { connectionResolverFrom, envSourceResolverFrom } from '../check-types/resolver-adapters.js';
import { saveCheckArtifacts } from '../results/check-artifacts.repo.js';
import { createResultWriter } from '../results/result-writer.js';
import { recordResult } from '../results/results.repo.js';
import { type CheckOutputs, withOutputs } from './check-outputs.js';
import { checkTemplateData, lastResultOf } from './check-template.js';
import { isTemplatedFolder, withRenderedFolder } from './folder-template.js';
import { previousRun } from './last-result.repo.js';
import { isTemplatedQuery, withRenderedQuery } from './stateful-query.js';
import { keepTransformedChecks } from './transformed-checks.js';

/** Checks one process runs at once, across all canaries. */
export const HEALTH_CONCURRENCY = Number(process.env.MC_HEALTH_CONCURRENCY) || 32;

/**
 * Canary ticks one process has in flight at once, in job slots of their own (JobDefinition.slots): a tick
 * mostly waits — its checks' start spread and their answers, which share {@link HEALTH_CONCURRENCY} — so
 * 50,000 checks in canaries of 50 every 30 s (33 ticks a second, ~250 ms each) need more than the eight
 * slots every other kind shares.
 */
export const CANARY_SLOTS = Number(process.env.MC_HEALTH_CANARY_SLOTS) || 64;

/** Longest spread of a canary's check starts, so a large canary's checks do not fire together. */
export const CHECK_START_JITTER_MS = 250;

/** Spacing of a canary's check starts (a 50-check canary spreads over 100 ms, 125 checks or more over 250). */
export const CHECK_START_SPACING_MS = 2;

/**
 * When the `index`-th of `count` checks starts after its tick's run began: evenly spaced with a little
 * randomness, over at most {@link CHECK_START_JITTER_MS} — spread enough that a canary's checks never
 * fire in the same millisecond, short enough that every check still starts well within 1 s of its tick.
 * Whole milliseconds: Node keeps one timer list per distinct delay, so a fraction made and dropped a
 * list (and its place in the timers' priority queue) for every check run.
 */
export function checkStartDelay(index: number, count: number, random: () => number = Math.random): number {
  const span = Math.min(CHECK_START_JITTER_MS, count * CHECK_START_SPACING_MS);
  return Math.floor(((index + random()) / Math.max(1, count)) * span);
}

/** A checks row with what a run needs. */
export interface RunnableCheck {
  id: string;
  type: string;
  name: string;
  spec: unknown;
  canary_name: string;
  canary_namespace: string;
  canary_labels: Record<string, string> | null;
  /** Who last saved the canary: its connections are resolved with their rights (null: the system). */
  saved_by: string | null;
  /** A check a transform produced (transformed-checks.ts): stored by its parent's runs, never run itself. */
  transformed?: boolean;
  /** What canary-checker's per-check metrics label a run with (platform/metrics/canary-check-metrics.ts). */
  description?: string | null;
  endpoint?: string | null;
  owner?: string | null;
  severity?: string | null;
}

/**
 * The spec a run uses: `$(outputs.…)` filled in its connection fields, then a SQL check's templated query
 * (stateful-query.ts) or a folder check's templated path and filter (folder-template.ts) rendered with its
 * previous run; or the reason it cannot run.
 */
async function runnableSpec(
  database: Database,
  check: RunnableCheck,
  outputs: CheckOutputs | undefined,
): Promise<{ spec: unknown } | { error: string }> {
  const templated = outputs ? withOutputs(check.spec, outputs) : { spec: check.spec };
  if ('error' in templated) return templated;
  const previous = () => previousRun(database.db, check.id);
  if (isTemplatedQuery(check.type, templated.spec)) {
    return withRenderedQuery(templated.spec, checkTemplateData(check, outputs), previous);
  }
  if (isTemplatedFolder(check.type, templated.spec)) {
    return withRenderedFolder(templated.spec, checkTemplateData(check, outputs), previous);
  }
  return templated;
}

/** A counting semaphore. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** The timeout of one check: its spec's `timeout` (ms above 1000, else seconds), else the default. */
function timeoutOf(spec: unknown): number | undefined {
  const raw = typeof spec === 'object' && spec !== null ? (spec as { timeout?: unknown }).timeout : undefined;
  if (typeof raw !== 'number' || raw <= 0) return undefined;
  return raw > 1000 ? raw : raw * 1000;
}

/**
 * Records a run's custom metrics on /metrics; a value refused (a name taken, other labels, the label-set
 * bound) fails the run with the reason, as upstream's ErrorMessage does.
 */
function recordMetrics(result: CheckResult): CheckResult {
  if (!result.metrics) return result;
  const { metrics, ...rest } = result;
  const problems = metrics.map(recordCheckMetric).filter((problem) => problem !== undefined);
  if (problems.length === 0) return rest;
  const reason = problems.join('; ');
  return { ...rest, status: 'unhealthy', message: reason, error: reason };
}

/** Stores the files a run kept and lists them in its details (`details.artifacts`), as the result shows them. */
async function keepArtifacts(database: Database, checkId: string, result: CheckResult): Promise<CheckResult> {
  if (!result.artifacts) return result;
  const { artifacts, ...rest } = result;
  const saved = await saveCheckArtifacts(database.db, checkId, artifacts);
  return { ...rest, details: { ...rest.details, artifacts: saved } };
}

/** Counts a stored run on /metrics: the `mc_check_runs_total` count and canary-checker's per-check series. */
function countRun(check: RunnableCheck, result: CheckResult): void {
  countCheckRun(check.type, result.status);
  recordCanaryCheck({
    checkId: check.id,
    type: check.type,
    name: check.name,
    canaryName: check.canary_name,
    canaryNamespace: check.canary_namespace,
    description: check.description ?? null,
    endpoint: check.endpoint ?? null,
    owner: check.owner ?? null,
    severity: check.severity ?? null,
    outcome: result.status === 'healthy' ? 'pass' : result.invalid ? 'invalid' : 'fail',
    durationMs: result.duration,
  });
}

/**
 * `runner` with one span per check run (`check <type>`, naming the check and its canary), waiting for
 * the concurrency bound included; the run's database queries and an HTTP check's outgoing request
 * (its `traceparent`) are the span's children. While tracing is off no span is made (spans.ts).
 */
function traced(runner: CheckRunner): CheckRunner {
  return {
    run: (check, options) => {
      if (!tracingOn()) return runner.run(check, options);
      const attributes = {
        'check.id': check.id,
        'check.type': check.type,
        'check.name': check.name,
        'canary.name': check.canary_name,
        'canary.namespace': check.canary_namespace,
      };
      return withSpan(`check ${check.type}`, { attributes }, () => runner.run(check, options));
    },
    record: (check, time, result, nextRuntime) => runner.record(check, time, result, nextRuntime),
  };
}

const runners = new WeakMap<Database, CheckRunner>();

/** Runs and records checks on one database. */
export interface CheckRunner {
  /**
   * Runs one check now (bounded by the process limit) and stores its result: a person's run (with its
   * audit entry) in its own transaction, a scheduled one in the next batch of the result writer;
   * `record: false` only runs it (a junit-mode canary stores its combined result instead, junit-result.ts).
   */
  run(
    check: RunnableCheck,
    options?: {
      signal?: AbortSignal;
      nextRuntime?: Date | null;
      audit?: AuditContext;
      outputs?: CheckOutputs;
      record?: boolean;
    },
  ): Promise<CheckResult>;
  /** Stores a result made without running the check (a junit-mode canary's combined one) in the next batch. */
  record(check: RunnableCheck, time: Date, result: CheckResult, nextRuntime: Date | null): Promise<CheckResult>;
}

/** The runner of a database, built on first use. */
export function checkRunnerFor(deps: { database: Database; config: Config }): CheckRunner {
  const existing = runners.get(deps.database);
  if (existing) return existing;
  const egress: EgressGuard = egressGuardFor(deps.database);
  const connections = connectionsServiceFor(deps);
  const limiter = new Limiter(HEALTH_CONCURRENCY);
  const writer = createResultWriter(deps.database);
  const folderConfinement = serverFolderConfinement(deps.database, deps.config.MC_DATA_DIR);
  // valueFrom sources (secrets, config maps, service-account tokens, Helm values): built on first use.
  let reader: ValueSourceReader | undefined;
  const resolveEnvSource = envSourceResolverFrom((ref) => {
    reader ??= valueSourceReaderFor(deps.config.MC_DATA_DIR);
    return reader(ref);
  });
  const runner: CheckRunner = {
    async run(check, options = {}) {
      // The concurrency bound covers the check itself; storing waits for its batch outside it.
      const { time, result: ran } = await limiter.run(async () => {
        const time = new Date();
        const templated = await runnableSpec(deps.database, check, options.outputs);
        if ('error' in templated) {
          const result: CheckResult = { status: 'unhealthy', duration: 0, message: templated.error, details: {} };
          return { time, result: { ...result, invalid: true } };
        }
        const timeoutMs = timeoutOf(check.spec);
        const result = await runCheck(check.type, templated.spec, {
          egress,
          resolveConnection: connectionResolverFrom(connections, check.saved_by),
          resolveEnvSource,
          folderConfinement,
          storesTransformed: true,
          namespace: check.canary_namespace,
          canary: {
            name: check.canary_name,
            namespace: check.canary_namespace,
            ...(check.canary_labels ? { labels: check.canary_labels } : {}),
          },
          ...(timeoutMs ? { timeoutMs } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.outputs ? { outputs: options.outputs } : {}),
          lastResult: () => previousRun(deps.database.db, check.id).then(lastResultOf),
        });
        return { time, result };
      });
      const measured = recordMetrics(await keepArtifacts(deps.database, check.id, ran));
      if (options.record === false) {
        countRun(check, measured);
        return measured;
      }
      // Named entries of its transform become checks of their own (transformed-checks.ts), stored first.
      const result = await keepTransformedChecks(deps.database.db, check, time, measured);
      countRun(check, result);
      if (!options.audit) {
        await writer.write({ checkId: check.id, time, result, nextRuntime: options.nextRuntime ?? null });
        return result;
      }
      await recordResult(deps.database.db, check.id, time, result, options.nextRuntime ?? null, {
        ...options.audit,
        action: 'check.run',
        target: 'POST /api/canary/run/check/:id',
        ids: [check.id],
        after: { status: result.status, duration: result.duration, message: result.message },
      });
      return result;
    },
    async record(check, time, result, nextRuntime) {
      countRun(check, result);
      await writer.write({ checkId: check.id, time, result, nextRuntime });
      return result;
    },
  };
  const tracedRunner = traced(runner);
  runners.set(deps.database, tracedRunner);
  return tracedRunner;
}
