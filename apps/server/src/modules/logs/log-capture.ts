/**
 * The built-in log backend's writer: every entry the thread's loggers emit (a tap on platform/logger)
 * is buffered and stored in `log_lines` in one statement per {@link FLUSH_MS}, and lines older than the
 * retention are pruned in batches every {@link PRUNE_EVERY_MS}. Bounded: at most {@link MAX_BUFFERED}
 * lines wait; beyond that new ones are counted and dropped, and one line saying how many is stored with
 * the next batch. A failed write keeps the batch for the next try (within the bound). The capture never
 * logs through the logger it taps.
 */
import type { Database } from '@mc/db';
import { redact } from '../../platform/log-redaction.js';
import { tapLogEntries } from '../../platform/logger.js';
import { insertLogLines, type NewLogLine, pruneLogLines } from './log-lines.repo.js';

/** How often buffered lines are written. */
export const FLUSH_MS = 1000;
/** Most lines waiting for a write. */
export const MAX_BUFFERED = 10_000;
/** How long stored lines are kept (the default of `MC_LOG_RETENTION_DAYS`). */
export const DEFAULT_RETENTION_DAYS = 7;
/** How often old lines are pruned, and how many one statement deletes. */
export const PRUNE_EVERY_MS = 10 * 60_000;
export const PRUNE_BATCH = 10_000;
/** Labels kept per line, and the longest label value. */
const MAX_LABELS = 20;
const MAX_LABEL_CHARS = 200;
const LEVELS = new Set(['debug', 'info', 'warn', 'error']);

/**
 * The stored form of one logged entry: scalar short fields become labels, the whole entry the fields.
 * Redacted again here (the logger already did) so nothing stored for the log backend can hold a secret
 * even if an entry reaches the capture another way.
 */
export function lineOfEntry(logged: Readonly<Record<string, unknown>>): NewLogLine {
  const entry = redact(logged);
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'time' || key === 'level' || key === 'msg' || Object.keys(labels).length >= MAX_LABELS) continue;
    if (typeof value === 'string' && value.length <= MAX_LABEL_CHARS) labels[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') labels[key] = String(value);
  }
  const level = String(entry.level);
  return {
    time: typeof entry.time === 'string' ? entry.time : new Date().toISOString(),
    level: LEVELS.has(level) ? level : 'info',
    message: String(entry.msg ?? ''),
    labels,
    fields: { ...entry },
  };
}

/** A running capture. */
export interface LogCapture {
  /** Writes what is buffered now. */
  flush(): Promise<void>;
  /** Stops tapping, writes what is left. */
  stop(): Promise<void>;
}

/** Starts capturing this thread's log entries into `database`. */
export function startLogCapture(
  database: Database,
  options: { retentionDays?: number; flushMs?: number; labels?: Record<string, string> } = {},
): LogCapture {
  const retentionMs = (options.retentionDays ?? DEFAULT_RETENTION_DAYS) * 86_400_000;
  let buffer: NewLogLine[] = [];
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();
  let lastPrune = 0;
  const untap = tapLogEntries((entry) => {
    if (buffer.length >= MAX_BUFFERED) {
      dropped += 1;
      return;
    }
    const line = lineOfEntry(entry);
    if (options.labels) line.labels = { ...options.labels, ...line.labels };
    buffer.push(line);
  });

  const writeOnce = async () => {
    const batch = buffer;
    buffer = [];
    if (dropped > 0) {
      batch.push({
        time: new Date().toISOString(),
        level: 'warn',
        message: `log capture dropped ${dropped} lines (more than ${MAX_BUFFERED} waiting)`,
        labels: { capture: 'dropped' },
        fields: { dropped },
      });
      dropped = 0;
    }
    try {
      await insertLogLines(database.pool, batch);
    } catch {
      buffer = [...batch, ...buffer].slice(-MAX_BUFFERED); // kept for the next try
      return;
    }
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      const before = new Date(Date.now() - retentionMs);
      try {
        while ((await pruneLogLines(database.pool, before, PRUNE_BATCH)) === PRUNE_BATCH) {
          // keep deleting in batches until nothing old is left
        }
      } catch {
        // the next prune tries again
      }
    }
  };
  const flush = () => {
    writing = writing.then(writeOnce);
    return writing;
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? FLUSH_MS);
  timer.unref();
  return {
    flush,
    async stop() {
      untap();
      clearInterval(timer);
      await flush();
    },
  };
}
