/**
 * Writes the live log of a run: text an action passes to `ctx.log` is split into lines, secrets are
 * masked (secret-redaction.ts), each line is cut at {@link RUN_LOG_MAX_LINE_CHARS}, and lines are stored in
 * batches every {@link RUN_LOG_FLUSH_MS} so a chatty script costs a few statements a second. A run's
 * log is capped at {@link RUN_LOG_MAX_LINES} lines and {@link RUN_LOG_MAX_CHARS} characters (counted
 * from what is stored, so a resumed run keeps its cap); past it one marker line says so and the rest
 * is dropped — the action's own output (size-capped too) still holds it. Storing a line never fails
 * the action: a failed insert drops that batch.
 */
import type { Database } from '@mc/db';
import { redactSecrets } from '../secret-redaction.js';
import { insertLogLines, logSizeOf, type NewLogLine } from './run-logs.repo.js';

/** The most lines a run's log keeps. */
export const RUN_LOG_MAX_LINES = 5_000;
/** The most characters a run's log keeps. */
export const RUN_LOG_MAX_CHARS = 1024 * 1024;
/** The longest line kept; longer lines are cut and marked with `…`. */
export const RUN_LOG_MAX_LINE_CHARS = 4_096;
/** How often pending lines are stored. */
export const RUN_LOG_FLUSH_MS = 200;
/** The line written once when a run's log reaches its cap. */
export const RUN_LOG_CAPPED_LINE = `[log capped at ${RUN_LOG_MAX_LINES} lines or ${RUN_LOG_MAX_CHARS / 1024} KiB: see the action's output]`;

/** One action's log: `log(text)` as the action context gives it, `end()` once the attempt is over. */
export interface ActionLog {
  log(text: string): void;
  end(): Promise<void>;
}

/** The log writer of one run. */
export class RunLogWriter {
  private pending: NewLogLine[] = [];
  private lines: number;
  private chars: number;
  private capped: boolean;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly database: Database,
    private readonly runId: string,
    size: { lines: number; chars: number },
  ) {
    this.lines = size.lines;
    this.chars = size.chars;
    this.capped = size.lines >= RUN_LOG_MAX_LINES || size.chars >= RUN_LOG_MAX_CHARS;
  }

  /** A writer for a run, starting from what its log already holds. */
  static async open(database: Database, runId: string): Promise<RunLogWriter> {
    return new RunLogWriter(database, runId, await logSizeOf(database.db, runId));
  }

  /** The log of one action attempt; text is split at newlines, a trailing partial line waits for more. */
  forAction(actionId: string, actionName: string, secrets: readonly string[]): ActionLog {
    let partial = '';
    const push = (raw: string) => this.push({ actionId, actionName, line: redactSecrets(raw, secrets) });
    return {
      log: (text: string) => {
        if (this.capped) return;
        const parts = (partial + String(text)).split(/\r?\n/);
        partial = parts.pop() ?? '';
        for (const part of parts) push(part);
        if (partial.length > RUN_LOG_MAX_LINE_CHARS) {
          push(partial);
          partial = '';
        }
      },
      end: async () => {
        if (partial) push(partial);
        partial = '';
        await this.flush();
      },
    };
  }

  private push(entry: NewLogLine): void {
    if (this.capped) return;
    // PostgreSQL text holds no NUL; a line past the limit is cut and marked
    let line = entry.line.replaceAll('\u0000', '');
    if (line.length > RUN_LOG_MAX_LINE_CHARS) line = `${line.slice(0, RUN_LOG_MAX_LINE_CHARS)}…`;
    if (this.lines + 1 >= RUN_LOG_MAX_LINES || this.chars + line.length > RUN_LOG_MAX_CHARS) {
      this.capped = true;
      line = RUN_LOG_CAPPED_LINE;
    }
    this.lines += 1;
    this.chars += line.length;
    this.pending.push({ ...entry, line });
    this.timer ??= setTimeout(() => void this.flush(), RUN_LOG_FLUSH_MS);
  }

  /** Stores the pending lines (in order with earlier flushes). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(() =>
      insertLogLines(this.database.db, this.runId, batch).catch(() => {
        // a lost batch of live lines must not fail the action; its output keeps the text
      }),
    );
    return this.flushing;
  }
}
