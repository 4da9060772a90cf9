/**
 * Silences: create, patch and soft-delete (audited), and the preview the add-silence page shows before
 * saving — what the silence would have suppressed in the last {@link SILENCE_PREVIEW_DAYS} days and what
 * it covers now (its blast radius).
 */
import { SILENCE_PREVIEW_DAYS, type SilenceBody, silenceBodySchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, recordAudit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import {
  type Executor,
  isLinkedKind,
  type LinkedKind,
  type ResourceReach,
  resourceVisible,
  visibleIds,
} from '../../platform/resource-visibility.js';
import { inTransaction } from '../../platform/sql-transaction.js';
import { expressionError } from '../health/index.js';
import { heldObject, loadEventResource } from './event-resources.js';
import { ancestorsOf, type CoveredResource, coveredResources } from './relations.repo.js';
import { silenceCovers } from './silence-match.js';
import {
  insertSilence,
  type SilenceColumns,
  type SilenceRow,
  silenceById,
  softDeleteSilence,
  updateSilence,
} from './silences.repo.js';
import type { Sql } from './sql.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Most history rows the preview lists (the totals count them all). */
const PREVIEW_ROWS = 100;
/** Most distinct resources a filter is evaluated on in a preview. */
const PREVIEW_FILTER_RESOURCES = 500;

/** Validates a silence body; 400 naming each problem. */
export function parseSilence(body: unknown): SilenceBody {
  const parsed = silenceBodySchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw new AppError('bad_request', problems.join('; '), parsed.error.issues);
  }
  const data = parsed.data;
  if (data.filter) {
    const problem = expressionError(data.filter);
    if (problem) throw new AppError('bad_request', `filter: ${problem}`);
  }
  if (data.until && data.from && Date.parse(data.until) <= Date.parse(data.from)) {
    throw new AppError('bad_request', 'until must be after from');
  }
  return data;
}

/** The body fields naming a resource, with the kind each names. */
const TARGETS = [
  ['check_id', 'check'],
  ['config_id', 'config'],
  ['component_id', 'component'],
  ['canary_id', 'canary'],
] as const satisfies readonly (readonly [keyof SilenceBody, LinkedKind])[];

const TARGET_NAMES: Readonly<Record<LinkedKind, string>> = {
  check: 'check',
  config: 'config item',
  component: 'component',
  canary: 'canary',
};

/**
 * A silence may name only a resource its writer (or previewer) may read: a hidden one is refused as a
 * missing one is (400 `No component with id …`), so the answer is no existence oracle.
 */
async function requireVisibleTargets(db: Executor, reach: ResourceReach, body: SilenceBody): Promise<void> {
  for (const [field, kind] of TARGETS) {
    const id = body[field];
    if (id && !(await resourceVisible(db, reach, kind, id)))
      throw new AppError('bad_request', `No ${TARGET_NAMES[kind]} with id ${id}`);
  }
}

/**
 * The covered resources the caller may read: a recursive silence's hidden descendants (and their checks)
 * are left out. Kinds no component, config or check permission governs (incidents) stay.
 */
async function visibleCovers(
  db: Executor,
  reach: ResourceReach,
  covers: readonly CoveredResource[],
): Promise<CoveredResource[]> {
  const visible = new Set<string>();
  for (const kind of new Set(covers.map((resource) => resource.kind))) {
    if (!isLinkedKind(kind)) continue;
    const ids = covers.filter((resource) => resource.kind === kind).map((resource) => resource.id);
    for (const id of await visibleIds(db, reach, kind, ids)) visible.add(`${kind}:${id}`);
  }
  return covers.filter((resource) => !isLinkedKind(resource.kind) || visible.has(`${resource.kind}:${resource.id}`));
}

const columnsOf = (body: SilenceBody): SilenceColumns => ({
  name: body.name || null,
  namespace: body.namespace,
  description: body.description,
  filter: body.filter || null,
  from: body.from ? new Date(body.from) : null,
  until: body.until ? new Date(body.until) : null,
  recursive: body.recursive,
  check_id: body.check_id ?? null,
  config_id: body.config_id ?? null,
  component_id: body.component_id ?? null,
  canary_id: body.canary_id ?? null,
});

const bodyOf = (row: SilenceRow): Record<string, unknown> => ({
  ...(row.name ? { name: row.name } : {}),
  namespace: row.namespace,
  description: row.description ?? '',
  ...(row.filter ? { filter: row.filter } : {}),
  ...(row.check_id ? { check_id: row.check_id } : {}),
  ...(row.config_id ? { config_id: row.config_id } : {}),
  ...(row.component_id ? { component_id: row.component_id } : {}),
  ...(row.canary_id ? { canary_id: row.canary_id } : {}),
  recursive: row.recursive,
  ...(row.from ? { from: new Date(row.from).toISOString() } : {}),
  until: row.until ? new Date(row.until).toISOString() : null,
});

/** A history row the preview lists. */
export interface PreviewRow {
  id: string;
  notification_name: string;
  source_event: string;
  resource_id: string;
  resource_name: string | null;
  status: string;
  created_at: Date;
}

/** The preview of a silence. */
export interface SilencePreview {
  days: number;
  /** Messages sent or attempted in the window that the silence would have held back. */
  total: number;
  rows: PreviewRow[];
  /** Resources the silence covers now (by resource; for a filter, those of the window that match). */
  covers: CoveredResource[];
}

/**
 * The preview as the caller may see it (`reach`, run through `kdb`): only resources they may read are
 * listed, and only the messages about those.
 */
async function preview(
  db: Sql,
  kdb: Executor,
  reach: ResourceReach,
  body: SilenceBody,
  now: Date,
): Promise<SilencePreview> {
  const since = new Date(now.getTime() - SILENCE_PREVIEW_DAYS * 86_400_000);
  const targeted = Boolean(body.check_id || body.canary_id || body.component_id || body.config_id);
  const covers = targeted ? await visibleCovers(kdb, reach, await coveredResources(db, body, body.recursive)) : [];
  const { rows } = await db.query<PreviewRow>(
    `SELECT id, notification_name, source_event, resource_id, resource_name, status, created_at
     FROM notification_send_history_summary
     WHERE created_at >= $1 AND status IN ('sent', 'error', 'pending', 'evaluating-waitfor')
       AND ($2::uuid[] IS NULL OR resource_id = ANY ($2::uuid[]))
     ORDER BY created_at DESC LIMIT 5000`,
    [since, targeted ? covers.map((resource) => resource.id) : null],
  );
  let matched = rows;
  if (body.filter) {
    const silence = {
      ...columnsOf(body),
      id: '',
      source: null,
      created_by: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    const verdicts = new Map<string, boolean>();
    for (const row of rows) {
      if (verdicts.has(row.resource_id) || verdicts.size >= PREVIEW_FILTER_RESOURCES) continue;
      const resource = await loadEventResource(db, {
        id: row.id,
        name: row.source_event,
        properties: { id: row.resource_id },
        attempts: 0,
        created_at: row.created_at,
      });
      const object = resource ? heldObject(resource) : undefined;
      const ancestors = resource && object ? await ancestorsOf(db, object.kind, object.id, resource.env) : undefined;
      verdicts.set(row.resource_id, Boolean(resource && ancestors && silenceCovers(silence, resource, ancestors)));
      if (!targeted && resource && verdicts.get(row.resource_id)) {
        covers.push({ id: resource.id, kind: resource.kind, name: resource.name });
      }
    }
    const shown = new Set((await visibleCovers(kdb, reach, covers)).map((resource) => resource.id));
    matched = rows.filter((row) => verdicts.get(row.resource_id) === true && shown.has(row.resource_id));
    return {
      days: SILENCE_PREVIEW_DAYS,
      total: matched.length,
      rows: matched.slice(0, PREVIEW_ROWS),
      covers: covers.filter((resource) => shown.has(resource.id)),
    };
  }
  return { days: SILENCE_PREVIEW_DAYS, total: matched.length, rows: matched.slice(0, PREVIEW_ROWS), covers };
}

/** The silences service of a database. */
export function silencesService(database: Database) {
  const pool = database.pool;
  async function mustGet(id: string): Promise<SilenceRow> {
    if (!UUID.test(id)) throw new AppError('bad_request', `Invalid silence id '${id.slice(0, 64)}'`);
    const row = await silenceById(pool, id);
    if (!row || row.deleted_at) throw new AppError('not_found', 'Silence not found');
    return row;
  }
  return {
    /** Creates a silence (`until` absent or null: indefinitely) on a resource `reach` lets the writer read. */
    async create(body: unknown, ctx: AuditContext, reach: ResourceReach): Promise<SilenceRow> {
      const parsed = parseSilence(body);
      await requireVisibleTargets(database.db, reach, parsed);
      const columns = columnsOf(parsed);
      return inTransaction(pool, async (client) => {
        const row = await insertSilence(client, columns, actorPersonId(ctx));
        await recordAudit(client, {
          ...ctx,
          action: 'create',
          target: 'notification_silences',
          ids: [row.id],
          after: row,
        });
        return row;
      });
    },
    /** Changes some fields of a live silence; the result is validated as a whole, its target as in create. */
    async patch(id: string, body: unknown, ctx: AuditContext, reach: ResourceReach): Promise<SilenceRow> {
      const before = await mustGet(id);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new AppError('bad_request', 'The request body must be a JSON object');
      }
      const parsed = parseSilence({ ...bodyOf(before), ...body });
      await requireVisibleTargets(database.db, reach, parsed);
      const columns = columnsOf(parsed);
      return inTransaction(pool, async (client) => {
        const row = await updateSilence(client, id, columns);
        if (!row) throw new AppError('not_found', 'Silence not found');
        await recordAudit(client, {
          ...ctx,
          action: 'update',
          target: 'notification_silences',
          ids: [id],
          before,
          after: row,
        });
        return row;
      });
    },
    /** Soft-deletes a silence (the history keeps naming it). */
    async remove(id: string, ctx: AuditContext): Promise<void> {
      await mustGet(id);
      await inTransaction(pool, async (client) => {
        const row = await softDeleteSilence(client, id);
        if (!row) throw new AppError('not_found', 'Silence not found');
        await recordAudit(client, {
          ...ctx,
          action: 'delete',
          target: 'notification_silences',
          ids: [id],
          before: row,
          after: null,
        });
      });
    },
    /** The preview of an unsaved silence (a missing reason is allowed here), as `reach` lets the caller see it. */
    async preview(body: unknown, reach: ResourceReach, now = new Date()): Promise<SilencePreview> {
      const withReason =
        typeof body === 'object' && body !== null && !Array.isArray(body) && !('description' in body)
          ? { ...body, description: 'preview' }
          : body;
      const parsed = parseSilence(withReason);
      await requireVisibleTargets(database.db, reach, parsed);
      return preview(pool, database.db, reach, parsed, now);
    },
  };
}
