import type { JobDeps } from './job-definition.js';

/** What a consumer's pass is given by the job runtime of its process. */
export interface ConsumerContext {
  deps: JobDeps;
  /** This process's lease token (unique per runtime), for the rows the pass claims. */
  owner: string;
  /** How long a claim holds (`MC_JOB_LEASE_MS`): a killed process's claims return after it. */
  leaseMs: number;
  /** Aborted when the runtime stops: stop claiming. */
  signal: AbortSignal;
  /**
   * Whether the consumer's channel wakes its loop (a LISTEN connection on PostgreSQL, the wire server's
   * reports on the embedded database): a pass may then end early, the next notification starts another.
   */
  listening: boolean;
}

/** What one pass did. */
export interface ConsumerPass {
  /** It queued jobs: this process's worker is woken rather than left to its next poll. */
  enqueued: boolean;
}

/**
 * A queue read continuously by every process that runs jobs, rather than by a scheduled job: a
 * scheduled run starts at its next tick and leaves gaps between runs, which a consumer whose promise is
 * "within a second" cannot afford. The runtime starts one loop per consumer when it starts; a pass runs
 * when the consumer's channel is notified, and otherwise every `pollMs` as a safety net. The
 * pass must claim with leases and SKIP LOCKED, so replicas never handle a row twice.
 */
export interface ConsumerDefinition {
  /** Shown in logs. */
  name: string;
  /** The channel notified (on commit) when work arrives. */
  channel: string;
  /** Idle poll when notifications wake the consumer, and when none do (an in-process test database). */
  pollMs: { listening: number; polling: number };
  /** Handles everything due (until the queue is empty or the signal aborts). */
  pass(context: ConsumerContext): Promise<ConsumerPass>;
}
