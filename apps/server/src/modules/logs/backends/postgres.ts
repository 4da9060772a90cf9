/**
 * The built-in backend: the server's own JSON log lines stored in `log_lines` by the capture
 * (../log-capture.ts), so a fresh install can search its own logs. Words match anywhere in the message;
 * a text written `/…/` is a PostgreSQL regular expression (run by the database, bounded by the window).
 */
import { z } from 'zod';
import { type LogLineRow, searchLogLines } from '../log-lines.repo.js';
import { LogBackendError, type LogBackendKindDefinition } from './backend-kind.js';
import { normaliseLevel, wordsOf } from './line-text.js';

const postgresEntrySchema = z.object({}).loose();
/** One `spec.postgres[]` entry (no settings: it is this server's own table). */
export type PostgresEntry = z.infer<typeof postgresEntrySchema>;

/** The cursor of the last line of a page. */
const cursorOf = (row: LogLineRow) => `${row.time_text}|${row.id}`;

function parseCursor(cursor: string | null): { time: string; id: string } | undefined {
  if (!cursor) return undefined;
  const at = cursor.lastIndexOf('|');
  const time = cursor.slice(0, at);
  const id = cursor.slice(at + 1);
  if (at < 1 || !/^\d{1,19}$/.test(id) || !/^\d{4}-\d\d-\d\d[ T][\d:.]+([+-][\d:]+|Z)?$/.test(time)) {
    throw new LogBackendError('query', 'the cursor is not one this backend gave');
  }
  return { time, id };
}

/** The built-in kind. */
export const postgresBackend: LogBackendKindDefinition<PostgresEntry> = {
  kind: 'postgres',
  schema: postgresEntrySchema,
  async search(_entry, query, ctx) {
    if (!ctx.database) throw new LogBackendError('query', 'the built-in backend is not available on an agent');
    const text = query.text.trim();
    const regex = text.length > 2 && text.startsWith('/') && text.endsWith('/') ? text.slice(1, -1) : undefined;
    const before = parseCursor(query.cursor);
    let result: Awaited<ReturnType<typeof searchLogLines>>;
    try {
      result = await searchLogLines(
        ctx.database.pool,
        {
          start: query.start,
          end: query.end,
          levels: query.levels,
          labels: query.labels,
          words: regex === undefined ? wordsOf(text) : [],
          ...(regex === undefined ? {} : { regex }),
          ...(before ? { before } : {}),
        },
        query.limit,
      );
    } catch (error) {
      // PostgreSQL refuses a bad regular expression with SQLSTATE 2201B
      if ((error as { code?: string }).code === '2201B') {
        throw new LogBackendError('query', `invalid regular expression: ${(error as Error).message}`);
      }
      throw error;
    }
    const last = result.rows.at(-1);
    return {
      lines: result.rows.map((row) => ({
        timestamp: row.time.toISOString(),
        level: normaliseLevel(row.level),
        message: row.message,
        labels: row.labels,
        ...(row.fields ? { fields: row.fields } : {}),
      })),
      total: result.total,
      next: last && result.rows.length === query.limit ? cursorOf(last) : null,
    };
  },
};
