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
import { countCheckRun } from '../../../platform/metrics/metrics-registry.js';
import { connectionsServiceFor } from '../../connections/index.js';
import type { CheckResult } from '../check-types/check-context.js';
import { runCheck } from '../check-types/registry.js';
import { connectionResolverFrom } from '../check-types/resolver-adapters.js';
import { createResultWriter } from '../results/result-writer.js';
import { recordResult } from '../results/results.repo.js';

/** Checks one process runs at once, across all canaries. */
export const HEALTH_CONCURRENCY = Number(process.env.MC_HEALTH_CONCURRENCY) || 32;

/** Longest spread of a canary's check starts, so a large canary's checks do not fire together. */
export const CHECK_START_JITTER_MS = 250;

/** Spacing of a canary's check starts (a 50-check canary spreads over 100 ms, 125 checks or more over 250). */
export const CHECK_START_SPACING_MS = 2;

/**
 * When the `index`-th of `count` checks starts after its tick's run began: evenly spaced with a little
 * randomness, over at most {@link CHECK_START_JITTER_MS} — spread enough that a canary's checks never
 * fire in the same millisecond, short enough that every check still starts well within 1 s of its tick.
 */
export function checkStartDelay(index: number, count: number, random: () => number = Math.random): number {
  const span = Math.min(CHECK_START_JITTER_MS, count * CHECK_START_SPACING_MS);
  return ((index + random()) / Math.max(1, count)) * span;
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

const runners = new WeakMap<Database, CheckRunner>();

/** Runs and records checks on one database. */
export interface CheckRunner {
  /**
   * Runs one check now (bounded by the process limit) and stores its result: a person's run (with its
   * audit entry) in its own transaction, a scheduled one in the next batch of the result writer.
   */
  run(
    check: RunnableCheck,
    options?: { signal?: AbortSignal; nextRuntime?: Date | null; audit?: AuditContext },
  ): Promise<CheckResult>;
}

/** The runner of a database, built on first use. */
export function checkRunnerFor(deps: { database: Database; config: Config }): CheckRunner {
  const existing = runners.get(deps.database);
  if (existing) return existing;
  const egress: EgressGuard = egressGuardFor(deps.database);
  const connections = connectionsServiceFor(deps);
  const limiter = new Limiter(HEALTH_CONCURRENCY);
  const writer = createResultWriter(deps.database.db);
  const runner: CheckRunner = {
    async run(check, options = {}) {
      // The concurrency bound covers the check itself; storing waits for its batch outside it.
      const { time, result } = await limiter.run(async () => {
        const time = new Date();
        const timeoutMs = timeoutOf(check.spec);
        const result = await runCheck(check.type, check.spec, {
          egress,
          resolveConnection: connectionResolverFrom(connections, check.saved_by),
          namespace: check.canary_namespace,
          canary: {
            name: check.canary_name,
            namespace: check.canary_namespace,
            ...(check.canary_labels ? { labels: check.canary_labels } : {}),
          },
          ...(timeoutMs ? { timeoutMs } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        return { time, result };
      });
      countCheckRun(check.type, result.status);
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
  };
  runners.set(deps.database, runner);
  return runner;
}
