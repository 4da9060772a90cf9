/**
 * Maintenance windows: create, patch and soft-delete (each one audited transaction), the list with each
 * window's current and next occurrences, and the spans of one check or component. Bodies are checked as a
 * whole (a patch is merged over the stored window first): the zone must be an IANA name, the rule an RRULE
 * repeating at most hourly, the filter CEL, and every named resource one the writer may read.
 */
import {
  MAINTENANCE_PAGE_SIZE,
  MAINTENANCE_UPCOMING_DAYS,
  type MaintenanceBody,
  type MaintenanceWindow,
  maintenanceBodySchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, recordAudit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { type LinkedKind, type ResourceReach, resourceVisible } from '../../platform/resource-visibility.js';
import { inTransaction } from '../../platform/sql-transaction.js';
import { expressionError } from '../health/index.js';
import {
  insertWindow,
  listWindows,
  softDeleteWindow,
  updateWindow,
  type WindowColumns,
  type WindowRow,
  windowById,
} from './maintenance.repo.js';
import { occurrencesOf } from './maintenance-intervals.js';
import { rruleError, seriesEnd, validTimezone } from './recurrence.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 86_400_000;
/** Next occurrences listed per window. */
const UPCOMING = 5;

const TARGETS = [
  ['check_id', 'check', 'check'],
  ['config_id', 'config', 'config item'],
  ['component_id', 'component', 'component'],
  ['canary_id', 'canary', 'canary'],
] as const satisfies readonly (readonly [keyof MaintenanceBody, LinkedKind, string])[];

/** Validates a window body; 400 naming each problem. */
export function parseMaintenance(body: unknown): MaintenanceBody {
  const parsed = maintenanceBodySchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw new AppError('bad_request', problems.join('; '), parsed.error.issues);
  }
  const data = parsed.data;
  if (!validTimezone(data.timezone))
    throw new AppError('bad_request', `timezone: unknown time zone '${data.timezone}'`);
  if (data.rrule) {
    const problem = rruleError(data.rrule);
    if (problem) throw new AppError('bad_request', problem);
  }
  if (data.filter) {
    const problem = expressionError(data.filter);
    if (problem) throw new AppError('bad_request', `filter: ${problem}`);
  }
  return data;
}

/** A window may name only resources its writer may read; a hidden one is refused as a missing one is. */
async function requireVisibleTargets(database: Database, reach: ResourceReach, body: MaintenanceBody): Promise<void> {
  for (const [field, kind, name] of TARGETS) {
    const id = body[field];
    if (id && !(await resourceVisible(database.db, reach, kind, id))) {
      throw new AppError('bad_request', `No ${name} with id ${id}`);
    }
  }
}

function columnsOf(body: MaintenanceBody): WindowColumns {
  const timing = {
    startsAt: new Date(body.starts_at),
    durationMinutes: body.duration_minutes,
    timezone: body.timezone,
    rrule: body.rrule || null,
  };
  return {
    title: body.title,
    description: body.description,
    starts_at: timing.startsAt,
    duration_minutes: body.duration_minutes,
    timezone: body.timezone,
    rrule: timing.rrule,
    series_ends_at: seriesEnd(timing),
    exclude_from_uptime: body.exclude_from_uptime,
    filter: body.filter || null,
    recursive: body.recursive,
    check_id: body.check_id ?? null,
    config_id: body.config_id ?? null,
    component_id: body.component_id ?? null,
    canary_id: body.canary_id ?? null,
  };
}

/** The stored window as a body, so a patch merges over it. */
function bodyOf(row: WindowRow): Record<string, unknown> {
  const optional = (key: string, value: string | null) => (value ? { [key]: value } : {});
  return {
    title: row.title,
    description: row.description,
    starts_at: new Date(row.starts_at).toISOString(),
    duration_minutes: row.duration_minutes,
    timezone: row.timezone,
    rrule: row.rrule,
    exclude_from_uptime: row.exclude_from_uptime,
    recursive: row.recursive,
    ...optional('filter', row.filter),
    ...optional('check_id', row.check_id),
    ...optional('config_id', row.config_id),
    ...optional('component_id', row.component_id),
    ...optional('canary_id', row.canary_id),
  };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The API's view of a row at `now`: dates as ISO text, whether it is under way, its current and next occurrences. */
export function windowView(row: WindowRow, now: Date): MaintenanceWindow {
  const { deleted_at: _deleted, ...rest } = row;
  const upcoming = occurrencesOf(row, now, new Date(now.getTime() + MAINTENANCE_UPCOMING_DAYS * DAY))
    .slice(0, UPCOMING)
    .map((occurrence) => ({ start: occurrence.start.toISOString(), end: occurrence.end.toISOString() }));
  const active = occurrencesOf(row, now, new Date(now.getTime() + 1)).length > 0;
  return {
    ...rest,
    starts_at: new Date(row.starts_at).toISOString(),
    series_ends_at: iso(row.series_ends_at),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    active,
    occurrences: upcoming,
  };
}

/** The maintenance service of a database. */
export function maintenanceService(database: Database) {
  const pool = database.pool;
  async function mustGet(id: string): Promise<WindowRow> {
    if (!UUID.test(id)) throw new AppError('bad_request', `Invalid maintenance window id '${id.slice(0, 64)}'`);
    const row = await windowById(pool, id);
    if (!row || row.deleted_at) throw new AppError('not_found', 'Maintenance window not found');
    return row;
  }
  async function save(before: WindowRow | undefined, body: unknown, ctx: AuditContext, reach: ResourceReach) {
    const parsed = parseMaintenance(before ? { ...bodyOf(before), ...(body as object) } : body);
    await requireVisibleTargets(database, reach, parsed);
    const columns = columnsOf(parsed);
    const row = await inTransaction(pool, async (client) => {
      const saved = before
        ? await updateWindow(client, before.id, columns)
        : await insertWindow(client, columns, actorPersonId(ctx));
      if (!saved) throw new AppError('not_found', 'Maintenance window not found');
      await recordAudit(client, {
        ...ctx,
        action: before ? 'update' : 'create',
        target: 'maintenance_windows',
        ids: [saved.id],
        before: before ?? null,
        after: saved,
      });
      return saved;
    });
    return windowView(row, new Date());
  }
  return {
    /** One page of live windows, newest first. */
    async list(page: number, now = new Date()): Promise<{ windows: MaintenanceWindow[]; total: number }> {
      const { rows, total } = await listWindows(pool, MAINTENANCE_PAGE_SIZE, (page - 1) * MAINTENANCE_PAGE_SIZE);
      return { windows: rows.map((row) => windowView(row, now)), total };
    },
    /** One live window. */
    async get(id: string): Promise<MaintenanceWindow> {
      return windowView(await mustGet(id), new Date());
    },
    /** Creates a window. */
    create(body: unknown, ctx: AuditContext, reach: ResourceReach): Promise<MaintenanceWindow> {
      return save(undefined, body, ctx, reach);
    },
    /** Changes some fields of a live window; the result is validated as a whole. */
    async patch(id: string, body: unknown, ctx: AuditContext, reach: ResourceReach): Promise<MaintenanceWindow> {
      const before = await mustGet(id);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new AppError('bad_request', 'The request body must be a JSON object');
      }
      return save(before, body, ctx, reach);
    },
    /** Soft-deletes a window. */
    async remove(id: string, ctx: AuditContext): Promise<void> {
      await mustGet(id);
      await inTransaction(pool, async (client) => {
        const row = await softDeleteWindow(client, id);
        if (!row) throw new AppError('not_found', 'Maintenance window not found');
        await recordAudit(client, {
          ...ctx,
          action: 'delete',
          target: 'maintenance_windows',
          ids: [id],
          before: row,
          after: null,
        });
      });
    },
  };
}
