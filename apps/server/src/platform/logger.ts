import { LOG_LEVELS } from './config.js';
import { redact } from './log-redaction.js';
import { activeTraceIds } from './tracing/spans.js';

type Level = (typeof LOG_LEVELS)[number];
type Fields = Record<string, unknown>;

/**
 * Structured JSON logger: one line per event on stdout, fields merged with the bound context. Every
 * entry is redacted (platform/log-redaction.ts) before it is written or handed to a tap, so no secret
 * reaches stdout, the built-in log backend or a test's captured lines.
 */
export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** Receives every entry any logger of this thread emits (after the level filter), as written: redacted. */
export type LogTap = (entry: Readonly<Fields>) => void;

const taps = new Set<LogTap>();

/**
 * Adds a tap (the logs module stores the server's own lines for the built-in log backend); returns its
 * removal. A tap must not log, throw or block: it runs inside every log call.
 */
export function tapLogEntries(tap: LogTap): () => void {
  taps.add(tap);
  return () => taps.delete(tap);
}

/**
 * A logger's methods live on its prototype, so a child (one or two per request: its id, its actor) is one
 * small object, not six closures (issue 32 item 1).
 */
class JsonLogger implements Logger {
  constructor(
    /** Index in LOG_LEVELS of the lowest level written. */
    private readonly threshold: number,
    private readonly context: Fields,
    private readonly write: (line: string) => void,
  ) {}

  private emit(at: Level, message: string, fields: Fields = {}): void {
    if (LOG_LEVELS.indexOf(at) < this.threshold) return;
    const raw: Fields = { time: new Date().toISOString(), level: at, msg: message, ...this.context };
    // Inside a traced request, job or check run, the line names its trace (platform/tracing/spans.ts).
    const ids = activeTraceIds();
    if (ids) Object.assign(raw, { trace_id: ids.traceId, span_id: ids.spanId });
    for (const [key, value] of Object.entries(fields)) raw[key] = serialise(value);
    const entry = redact(raw);
    this.write(JSON.stringify(entry));
    for (const tap of taps) tap(entry);
  }

  debug(message: string, fields?: Fields): void {
    this.emit('debug', message, fields);
  }

  info(message: string, fields?: Fields): void {
    this.emit('info', message, fields);
  }

  warn(message: string, fields?: Fields): void {
    this.emit('warn', message, fields);
  }

  error(message: string, fields?: Fields): void {
    this.emit('error', message, fields);
  }

  child(fields: Fields): Logger {
    return new JsonLogger(this.threshold, { ...this.context, ...fields }, this.write);
  }
}

/**
 * Creates a logger that drops events below `level`. `write` is replaceable for tests. Its methods are
 * the prototype's: call them on the logger (`logger.info(…)`), not detached.
 */
export function createLogger(
  level: Level = 'info',
  context: Fields = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  return new JsonLogger(LOG_LEVELS.indexOf(level), context, write);
}
