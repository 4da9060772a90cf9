/**
 * Who may read the server's own log lines (issue 25): they record what every request and job did, so only
 * holders of `server_logs` read (administrators by the matrix, or a permission row on `logs:server`). One
 * rule on every path: the built-in `mission-control` backend, and any stored backend with a `postgres`
 * entry (which reads the same `log_lines`), for the search, the live tail and the picker's list. The table
 * itself is never served by `/api/db` (rbac/table-kinds.ts SECRET_TABLES).
 */
import { BUILT_IN_LOG_BACKEND, type LogBackendSummary } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Context } from 'hono';
import { AppError } from '../../platform/errors.js';
import type { AppEnv } from '../../platform/request-context.js';
import { backendByNameOrId } from './logging-backends.repo.js';
import { kindsOf } from './search-entries.js';

/** The answer to a caller without the permission. */
export const SERVER_LOGS_FORBIDDEN = "Only administrators may read the server's own logs";

/** The kind of entry that reads the server's own lines. */
const SERVER_LOG_KIND = 'postgres';

/** Whether the request's actor may read the server's own log lines. */
export async function mayReadServerLogs(c: Context<AppEnv>): Promise<boolean> {
  const actor = c.var.actor;
  if (actor.kind === 'system') return true;
  const check = c.var.checkPermission;
  return check !== undefined && (await check(actor, { resource: 'server_logs', action: 'read' }));
}

/** Whether the backend a search names (by name or id) reads the server's own lines. */
async function readsServerLogs(database: Database, name: unknown): Promise<boolean> {
  if (typeof name !== 'string' || name.length === 0) return false; // the search's own validation answers 400
  if (name === BUILT_IN_LOG_BACKEND) return true;
  const row = await backendByNameOrId(database.pool, name);
  return row !== undefined && kindsOf(row.spec ?? {}).includes(SERVER_LOG_KIND);
}

/** 403 before a search or tail of a backend that reads the server's own lines, for a caller without the permission. */
export async function assertServerLogsReadable(c: Context<AppEnv>, database: Database, name: unknown): Promise<void> {
  if (!(await readsServerLogs(database, name))) return;
  if (!(await mayReadServerLogs(c))) throw new AppError('forbidden', SERVER_LOGS_FORBIDDEN);
}

/** The picker's list without the backends that read the server's own lines, for a caller without the permission. */
export async function visibleBackends(c: Context<AppEnv>, backends: LogBackendSummary[]): Promise<LogBackendSummary[]> {
  if (await mayReadServerLogs(c)) return backends;
  return backends.filter((backend) => !backend.builtIn && !backend.kinds.includes(SERVER_LOG_KIND));
}
