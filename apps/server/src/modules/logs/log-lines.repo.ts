/**
 * SQL of the built-in backend's table `log_lines` (migration 0100): batched inserts from the capture,
 * the age-bounded prune, and the search — a time window (an index range), levels, labels (`@>`, a GIN
 * index) and words (`ILIKE`, a trigram index) or a regular expression (`~*`), newest first with a
 * keyset cursor, and a total counted up to {@link MAX_COUNTED} (beyond that the total is unknown).
 */
import type { LogLineLevel } from '@mc/contracts';
import type { Queryable } from '@mc/db';

/** Lines counted for the total; past this the answer says the total is unknown. */
export const MAX_COUNTED = 10_000;
/**
 * Windows up to this long filter labels and words on the window's rows (time index) rather than through
 * the GIN indexes: a common label's or word's bitmap over millions of lines goes lossy and costs more
 * than reading the hour itself (bench/logs at 5M lines: 408 ms, then 238 ms, for one search executed
 * with the bitmaps). Longer windows use the label and trigram indexes.
 */
export const TRIGRAM_MIN_WINDOW_MS = 6 * 3_600_000;

/** One captured line to store. */
export interface NewLogLine {
  time: string;
  level: string;
  message: string;
  labels: Record<string, string>;
  fields: Record<string, unknown>;
}

/** A stored line as the search reads it. */
export interface LogLineRow {
  id: string;
  time: Date;
  time_text: string;
  level: string;
  message: string;
  labels: Record<string, string>;
  fields: Record<string, unknown> | null;
}

/** The filters of one search. */
export interface LogLineFilter {
  start: Date;
  end: Date;
  levels: readonly LogLineLevel[];
  labels: Readonly<Record<string, string>>;
  /** Every word must appear in the message (case-insensitive). */
  words: readonly string[];
  /** A POSIX regular expression the message must match (case-insensitive), instead of words. */
  regex?: string;
  /** Lines strictly older than this (time text, id) pair: the previous page's last line. */
  before?: { time: string; id: string };
}

const likeEscaped = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function whereOf(filter: LogLineFilter): { sql: string; values: unknown[] } {
  const values: unknown[] = [filter.start, filter.end];
  const clauses = ['time >= $1', 'time <= $2'];
  const add = (clause: (n: number) => string, value: unknown) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  if (filter.levels.length > 0) add((n) => `level = ANY($${n}::text[])`, filter.levels);
  // short windows read the window's rows (time index) and filter them: intersecting with the labels' or
  // the trigrams' bitmaps over millions of lines (they go lossy) costs more than reading the hour itself
  const short = filter.end.getTime() - filter.start.getTime() <= TRIGRAM_MIN_WINDOW_MS;
  const labels = short ? "(labels || '{}'::jsonb)" : 'labels';
  if (Object.keys(filter.labels).length > 0) add((n) => `${labels} @> $${n}::jsonb`, JSON.stringify(filter.labels));
  if (filter.regex !== undefined) add((n) => `message ~* $${n}`, filter.regex);
  // `(message || '')` is the same text, written so the planner keeps to the time range for short windows
  const column = short ? "(message || '')" : 'message';
  for (const word of filter.words) add((n) => `${column} ILIKE $${n}`, likeEscaped(word));
  return { sql: clauses.join(' AND '), values };
}

/** One page of lines, newest first, and the total (null when above {@link MAX_COUNTED}). */
export async function searchLogLines(
  db: Queryable,
  filter: LogLineFilter,
  limit: number,
): Promise<{ rows: LogLineRow[]; total: number | null }> {
  const where = whereOf(filter);
  const pageValues = [...where.values];
  let pageWhere = where.sql;
  if (filter.before) {
    pageValues.push(filter.before.time, filter.before.id);
    pageWhere += ` AND (time, id) < ($${pageValues.length - 1}::timestamptz, $${pageValues.length}::bigint)`;
  }
  pageValues.push(limit);
  const [page, counted] = await Promise.all([
    db.query<LogLineRow>(
      `SELECT id::text AS id, time, time::text AS time_text, level, message, labels, fields FROM log_lines
       WHERE ${pageWhere} ORDER BY time DESC, id DESC LIMIT $${pageValues.length}`,
      pageValues,
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM log_lines WHERE ${where.sql} LIMIT ${MAX_COUNTED + 1}) AS counted`,
      where.values,
    ),
  ]);
  const n = counted.rows[0]?.n ?? 0;
  return { rows: page.rows, total: n > MAX_COUNTED ? null : n };
}

/** Stores a batch of captured lines in one statement. */
export async function insertLogLines(db: Queryable, lines: readonly NewLogLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db.query(
    `INSERT INTO log_lines (time, level, message, labels, fields)
     SELECT time, level, message, labels, fields FROM jsonb_to_recordset($1::jsonb)
       AS l(time timestamptz, level text, message text, labels jsonb, fields jsonb)`,
    [JSON.stringify(lines)],
  );
}

/** Deletes up to `batch` lines older than `before`; returns how many went. */
export async function pruneLogLines(db: Queryable, before: Date, batch: number): Promise<number> {
  const result = await db.query(
    `DELETE FROM log_lines WHERE id IN (
       SELECT id FROM log_lines WHERE time < $1 ORDER BY time LIMIT $2)`,
    [before, batch],
  );
  return result.rowCount ?? 0;
}
