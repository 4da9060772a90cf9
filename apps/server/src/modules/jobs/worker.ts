import { preparedReadsOf } from '@mc/db';
import type { Logger } from '../../platform/logger.js';
import { markSpanFailed, withSpan } from '../../platform/tracing/spans.js';
import {
  type AnyJobDefinition,
  backoffDelay,
  type JobDeps,
  type JobResult,
  PermanentJobError,
} from './job-definition.js';
import type { JobRegistry } from './job-registry.js';
import {
  claimJobs,
  extendLease,
  finishAndClaim,
  type JobRow,
  type JobTransition,
  type Lease,
  msUntilNextJob,
} from './jobs.repo.js';
import { type PollLoop, startPollLoop } from './poll-loop.js';

/** The claim loop's next look when a due job could not be claimed (another replica held its row). */
const CLAIM_RETRY_MS = 50;

/** Why the runtime aborted an attempt's signal. */
export type AbortCause = 'timeout' | 'shutdown' | 'lease_lost';

/** The reason carried by an aborted attempt's signal. */
export class JobAbortedError extends Error {
  override name = 'JobAbortedError';
  constructor(
    readonly abortCause: AbortCause,
    message: string,
  ) {
    super(message);
  }
}

/** Settings of one worker. */
export interface WorkerOptions {
  concurrency: number;
  leaseMs: number;
  pollIntervalMs: number;
  /** This process's lease token: host, pid and a random part. */
  owner: string;
  hostname: string;
}

interface ActiveAttempt {
  controller: AbortController;
  done: Promise<void>;
  /** The lane it runs in. */
  lane: Lane;
}

/**
 * Slots attempts run in: the shared lane of `concurrency` for every kind without slots of its own, and one
 * lane per kind that declares {@link JobDefinition.slots}. Each lane claims only its kinds.
 */
interface Lane {
  slots: number;
  names: string[];
}

/** The registry's lanes: the shared one first (when a kind uses it), then one per kind with slots of its own. */
function lanesOf(registry: JobRegistry, concurrency: number): Lane[] {
  const shared: Lane = { slots: concurrency, names: [] };
  const own: Lane[] = [];
  for (const definition of registry.all()) {
    if (definition.slots) own.push({ slots: definition.slots, names: [definition.name] });
    else shared.names.push(definition.name);
  }
  return shared.names.length > 0 ? [shared, ...own] : own;
}

type Outcome = { kind: 'ok'; result: JobResult } | { kind: 'error'; error: unknown };

/** The jobs an attempt's end claimed for its slot (`limit`: how many it could); `retry`: it went back to pending. */
interface Successors {
  limit: number;
  claimed: JobRow[];
  retry: boolean;
}

/** Awaits `promise` unless `signal` aborts first; a late rejection of the abandoned promise is absorbed. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Claims jobs of the registry's kinds and runs at most `concurrency` at once, besides the kinds with slots of
 * their own (each at most its `slots`). Each attempt holds a
 * lease renewed every third of its length, is aborted after its definition's timeout, and ends in
 * one statement that moves the job (guarded by the lease) and writes job_history.
 */
export class JobWorker {
  private readonly active = new Map<string, ActiveAttempt>();
  private loop: PollLoop | undefined;
  private stopping = false;
  private readonly lanes: Lane[];

  constructor(
    private readonly registry: JobRegistry,
    private readonly deps: JobDeps,
    private readonly options: WorkerOptions,
    private readonly logger: Logger,
  ) {
    this.lanes = lanesOf(registry, options.concurrency);
  }

  /** How many attempts run right now. */
  get running(): number {
    return this.active.size;
  }

  start(): void {
    this.loop ??= startPollLoop('job worker', this.options.pollIntervalMs, this.logger, () => this.claimPass());
  }

  /** Wakes the claim loop now (after an enqueue in this process, for example). */
  wake(): void {
    this.loop?.wake();
  }

  /**
   * Stops claiming, lets running attempts finish within `timeoutMs`, then aborts the rest: their
   * jobs go back to pending without counting the attempt, with a STOPPED history row.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    await this.loop?.stop();
    const pending = () => [...this.active.values()].map((attempt) => attempt.done);
    if (this.active.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    // An attempt ending as the stop began may have claimed its successor (finishAndClaim): wait for
    // those too.
    let finished = true;
    while (finished && this.active.size > 0) {
      finished = await Promise.race([Promise.allSettled(pending()).then(() => true), expired]);
    }
    clearTimeout(timer);
    if (!finished) {
      this.logger.warn('aborting jobs still running at shutdown', { jobs: this.active.size });
      while (this.active.size > 0) {
        for (const attempt of this.active.values()) {
          attempt.controller.abort(new JobAbortedError('shutdown', 'stopped by shutdown'));
        }
        await Promise.allSettled(pending());
      }
    }
  }

  /** Attempts running in `lane`. */
  private busy(lane: Lane): number {
    let count = 0;
    for (const attempt of this.active.values()) if (attempt.lane === lane) count += 1;
    return count;
  }

  /**
   * Claims what it can, lane by lane; true when a lane filled every free slot (go again), else how long
   * until the next pending job of a lane with room is due (a retry, a delayed job), so a long idle poll
   * never makes one late.
   */
  private async claimPass(): Promise<boolean | number> {
    let filled = false;
    const waiting: string[] = [];
    for (const lane of this.lanes) {
      const free = lane.slots - this.busy(lane);
      if (free <= 0) continue;
      const rows = await claimJobs(preparedReadsOf(this.deps.database), {
        names: lane.names,
        limit: free,
        owner: this.options.owner,
        leaseMs: this.options.leaseMs,
      });
      for (const row of rows) {
        const definition = this.registry.get(row.name);
        if (definition) this.launch(row, definition, lane);
      }
      if (rows.length === free) filled = true;
      else waiting.push(...lane.names);
    }
    if (filled) return true;
    if (waiting.length === 0) return false;
    const due = await msUntilNextJob(preparedReadsOf(this.deps.database), waiting);
    // Due now but not claimed: locked by another replica's claim, which ends at once; look again shortly.
    return due === null ? false : Math.max(due, CLAIM_RETRY_MS);
  }

  private launch(row: JobRow, definition: AnyJobDefinition, lane: Lane): void {
    const controller = new AbortController();
    // One span per attempt: the handler's database queries and check runs are its children.
    const attributes = { 'job.name': row.name, 'job.id': row.id, 'job.attempt': row.attempts };
    // Whether this attempt's end claimed fewer jobs than it could: the queue had nothing more due, so
    // the loop need not look again (a new job wakes it); otherwise the loop claims, as before.
    // A retry is due later: the loop must learn its time (it may be sleeping up to its whole poll).
    let drained = false;
    const done = withSpan(`job ${row.name}`, { attributes }, async (span) => {
      const { outcome, next } = await this.runAttempt(row, definition, lane, controller);
      if (outcome.kind === 'error') markSpanFailed(span, errorMessage(outcome.error));
      return next;
    })
      .then((next) => {
        drained = next.limit > 0 && next.claimed.length < next.limit && !next.retry;
        for (const claimed of next.claimed) {
          const successor = this.registry.get(claimed.name);
          if (successor) this.launch(claimed, successor, lane);
        }
      })
      .catch((error: unknown) => this.logger.error('job attempt crashed', { job: row.name, id: row.id, error }))
      .finally(() => {
        this.active.delete(row.id);
        if (!drained) this.loop?.wake();
      });
    this.active.set(row.id, { controller, done, lane });
  }

  private async runAttempt(
    row: JobRow,
    definition: AnyJobDefinition,
    lane: Lane,
    controller: AbortController,
  ): Promise<{ outcome: Outcome; next: Successors }> {
    const lease: Lease = { id: row.id, owner: this.options.owner, attempt: row.attempts };
    const timeStart = new Date();
    const timeout = setTimeout(
      () => controller.abort(new JobAbortedError('timeout', `timed out after ${definition.timeoutMs} ms`)),
      definition.timeoutMs,
    );
    const renew = setInterval(
      () => {
        extendLease(this.deps.database.pool, lease, this.options.leaseMs).then(
          (held) => {
            if (!held) controller.abort(new JobAbortedError('lease_lost', 'lease lost to another worker'));
          },
          (error: unknown) => this.logger.warn('lease renewal failed', { job: row.name, id: row.id, error }),
        );
      },
      Math.max(100, Math.floor(this.options.leaseMs / 3)),
    );
    let outcome: Outcome;
    try {
      const parsed = definition.payload.safeParse(row.payload);
      if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
      const payload = parsed.data;
      const job = { id: row.id, name: row.name, attempt: row.attempts, maxAttempts: row.max_attempts };
      const work = definition.handler({ payload, signal: controller.signal, job, deps: this.deps });
      outcome = { kind: 'ok', result: (await untilAborted(work, controller.signal)) || {} };
    } catch (error) {
      outcome = { kind: 'error', error };
    } finally {
      clearTimeout(timeout);
      clearInterval(renew);
    }
    const next = await this.finish(row, definition, lane, lease, timeStart, outcome);
    return { outcome, next };
  }

  private async finish(
    row: JobRow,
    definition: AnyJobDefinition,
    lane: Lane,
    lease: Lease,
    timeStart: Date,
    outcome: Outcome,
  ): Promise<Successors> {
    const base = { job_id: row.id, attempt: row.attempts };
    let transition: JobTransition;
    let status: string;
    let successCount = 0;
    let errorCount = 1;
    let details: Record<string, unknown>;
    if (outcome.kind === 'ok') {
      const { result } = outcome;
      successCount = result.successCount ?? 1;
      errorCount = result.errorCount ?? 0;
      status = result.status ?? (errorCount > 0 ? 'WARNING' : 'SUCCESS');
      details = { ...result.details, ...base };
      transition = { state: 'succeeded', attemptsDelta: 0, retryInMs: null, lastError: null };
    } else {
      const message = errorMessage(outcome.error);
      details = { ...base, errors: [message] };
      if (outcome.error instanceof JobAbortedError && outcome.error.abortCause === 'shutdown') {
        status = 'STOPPED';
        errorCount = 0;
        transition = { state: 'pending', attemptsDelta: -1, retryInMs: 0, lastError: message };
      } else {
        status = 'FAILED';
        const dead = outcome.error instanceof PermanentJobError || row.attempts >= row.max_attempts;
        const retryInMs = dead ? null : backoffDelay(definition.backoff, row.attempts);
        transition = { state: dead ? 'dead' : 'pending', attemptsDelta: 0, retryInMs, lastError: message };
        if (!dead) details.retry_in_ms = retryInMs;
        this.logger.warn(dead ? 'job dead' : 'job failed, will retry', { job: row.name, id: row.id, error: message });
      }
    }
    // The slot this attempt frees in its lane (it is still counted in `active`), unless the worker is stopping;
    // its successors are claimed from its lane's kinds.
    const limit = this.stopping ? 0 : Math.max(0, lane.slots - this.busy(lane) + 1);
    // Prepared on each connection (the same text every attempt): parsing and planning it was ~1 ms of
    // PostgreSQL's CPU per canary tick at 50,000 checks, a fifth of a check run's database share.
    const { matched, claimed } = await finishAndClaim(
      preparedReadsOf(this.deps.database),
      lease,
      transition,
      {
        name: row.name,
        resourceType: row.resource_type,
        resourceId: row.resource_id,
        status,
        successCount,
        errorCount,
        details,
        hostname: this.options.hostname,
        timeStart,
        timeEnd: new Date(),
      },
      outcome.kind === 'ok' ? outcome.result.finishWith : undefined,
      { names: lane.names, limit, owner: this.options.owner, leaseMs: this.options.leaseMs },
    );
    if (!matched) this.logger.warn('job lease was lost before it ended', { job: row.name, id: row.id });
    return { limit, claimed, retry: transition.state === 'pending' };
  }
}
