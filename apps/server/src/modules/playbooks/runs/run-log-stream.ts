/**
 * Follows a run's live log for GET /api/playbook/run/{id}/logs/stream. The lines live in
 * playbook_run_logs, so whichever replica holds the connection reads what the replica running the
 * action wrote: it polls every {@link LOG_STREAM_POLL_MS} (the same on PostgreSQL and PGlite; a
 * LISTEN/NOTIFY wake-up would save at most one poll interval of latency). The stream sends the stored
 * lines after the client's last seen one (`Last-Event-ID`), then new lines as they come, and ends with
 * an `end` event once the run has finished and every line is sent.
 *
 * Bounds: {@link LOG_STREAM_MAX_PER_PERSON} open streams per person and {@link LOG_STREAM_MAX_OPEN} per
 * replica (a 429 past them), each connection open at most {@link LOG_STREAM_MAX_MS} (the browser's
 * EventSource reconnects and resumes from its last event id), at most {@link LOG_STREAM_BATCH} lines per
 * read; the run's log itself is capped by the writer (run-log-writer.ts).
 */
import type { Database } from '@mc/db';
import { AppError } from '../../../platform/errors.js';
import { logLinesAfter, type RunLogLine, runStatusOf } from './run-logs.repo.js';

/** How often the stream looks for new lines and the run's status. */
export const LOG_STREAM_POLL_MS = 500;
/** The longest one connection stays open. */
export const LOG_STREAM_MAX_MS = 10 * 60_000;
/** Open streams one person may hold on one replica. */
export const LOG_STREAM_MAX_PER_PERSON = 8;
/** Open streams one replica serves. */
export const LOG_STREAM_MAX_OPEN = 200;
/** Lines read per poll. */
export const LOG_STREAM_BATCH = 500;
/** A comment line is sent after this long without an event, so proxies keep the connection. */
const KEEPALIVE_MS = 15_000;

const FINISHED = new Set(['completed', 'failed', 'cancelled', 'timed_out']);

/** One event of the stream. */
export type LogStreamEvent =
  | { kind: 'log'; line: RunLogLine }
  | { kind: 'end'; status: string }
  | { kind: 'keepalive' };

const open = new Map<string, number>();
let total = 0;

/** Takes a stream slot for `who`; 429 past the limits. Call the answer to give it back. */
export function acquireLogStream(who: string): () => void {
  const mine = open.get(who) ?? 0;
  if (mine >= LOG_STREAM_MAX_PER_PERSON || total >= LOG_STREAM_MAX_OPEN) {
    throw new AppError('too_many_requests', 'Too many open log streams: close another run page and try again');
  }
  open.set(who, mine + 1);
  total += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total -= 1;
    const left = (open.get(who) ?? 1) - 1;
    if (left > 0) open.set(who, left);
    else open.delete(who);
  };
}

/** 404 unless the run exists (checked before a stream is opened). */
export async function mustFindRun(database: Database, runId: string): Promise<void> {
  if ((await runStatusOf(database.db, runId)) === undefined) {
    throw new AppError('not_found', `Playbook run ${runId} was not found`);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Sends a run's log lines after `afterSeq` through `send` until the run has finished (then `end`), the
 * connection's time is up, or `signal` aborts.
 */
export async function followRunLog(
  database: Database,
  runId: string,
  afterSeq: string,
  send: (event: LogStreamEvent) => Promise<void>,
  signal: AbortSignal,
  maxMs = LOG_STREAM_MAX_MS,
): Promise<void> {
  let last = afterSeq;
  let quietSince = Date.now();
  const until = Date.now() + maxMs;
  while (!signal.aborted && Date.now() < until) {
    // the status is read before the lines: a run seen finished has stored every line already
    const status = await runStatusOf(database.db, runId);
    const lines = await logLinesAfter(database.db, runId, last, LOG_STREAM_BATCH);
    for (const line of lines) {
      if (signal.aborted) return;
      await send({ kind: 'log', line });
      last = line.seq;
      quietSince = Date.now();
    }
    if (lines.length === LOG_STREAM_BATCH) continue;
    if (status === undefined || FINISHED.has(status)) {
      await send({ kind: 'end', status: status ?? 'gone' });
      return;
    }
    if (Date.now() - quietSince > KEEPALIVE_MS) {
      await send({ kind: 'keepalive' });
      quietSince = Date.now();
    }
    await pause(LOG_STREAM_POLL_MS, signal);
  }
}
