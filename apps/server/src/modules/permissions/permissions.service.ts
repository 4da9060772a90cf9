import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  PERMISSION_OBJECTS,
  permissionInputSchema,
  RESOURCE_KINDS,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { lockTeamGrants } from '../rbac/index.js';
import {
  appliesTo,
  getPermission,
  insertPermission,
  listPermissions,
  PERMISSION_FIELDS,
  type PermissionFilter,
  type PermissionSummaryRow,
  softDeletePermission,
  updatePermission,
} from './permissions.repo.js';

const OBJECTS: ReadonlySet<string> = new Set<string>(['*', ...PERMISSION_OBJECTS, ...RESOURCE_KINDS]);
const MAX_PAGE_SIZE = Math.max(...PAGE_SIZE_OPTIONS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTERABLE: ReadonlySet<string> = new Set(
  PERMISSION_FIELDS.filter((field) => field.endsWith('_id') || field === 'object'),
);

function parseInput(body: unknown) {
  const parsed = permissionInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Bad request');
  const input = parsed.data;
  if (input.object && !OBJECTS.has(input.object))
    throw new AppError('bad_request', `Unknown resource: ${input.object}`);
  return input;
}

function pageOf(query: Record<string, string | undefined>): { index: number; size: number } {
  const index = Number(query.pageIndex ?? 0);
  const size = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
  if (!Number.isInteger(index) || index < 0)
    throw new AppError('bad_request', 'pageIndex must be a whole number from 0');
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw new AppError('bad_request', `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  return { index, size };
}

function filterOf(query: Record<string, string | undefined>): PermissionFilter {
  const filter: PermissionFilter = {};
  for (const [key, value] of Object.entries(query)) {
    if (!FILTERABLE.has(key) || value === undefined) continue;
    if (key !== 'object' && !UUID.test(value)) throw new AppError('bad_request', `${key} must be a UUID`);
    filter[key as keyof PermissionFilter] = value; // FILTERABLE holds only PermissionFilter keys
  }
  return filter;
}

/** Turns a foreign-key violation (a subject or resource that does not exist) into a clear 400. */
async function withLinksChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23503')
      throw new AppError('bad_request', 'The chosen subject or resource does not exist');
    throw error;
  }
}

const SELF_GRANT = 'Nobody changes permissions that apply to themselves: ask another administrator';

/** Refuses a write touching a row that applies to the writer (theirs, or a team's they belong to). */
async function refuseSelfGrant(
  db: Database['db'],
  audit: AuditContext,
  ...subjects: Readonly<Record<string, unknown>>[]
): Promise<void> {
  const self = actorPersonId(audit);
  if (!self) return;
  for (const subject of subjects) if (await appliesTo(db, self, subject)) throw new AppError('forbidden', SELF_GRANT);
}

/**
 * Permission rows (spec 001 §2 Permissions, §3, §5, §7): a paginated summary, create, update and soft
 * delete. Exactly one subject and one resource (the form's rules); rows whose source is not UI are
 * managed elsewhere and read-only here. Writing needs rbac write (the route) and never touches a row that
 * applies to the writer, so nobody raises their own access. Authentication reads live rows on every request, so a change
 * (or an `until` passing) applies to the next call.
 */
export function permissionsService(database: Database) {
  const editable = async (db: Database['db'], id: string): Promise<PermissionSummaryRow> => {
    if (!UUID.test(id)) throw new AppError('bad_request', 'The id must be a UUID');
    const row = await getPermission(db, id);
    if (!row) throw new AppError('not_found', 'Permission not found');
    if (row.source !== 'UI')
      throw new AppError('conflict', `This permission is managed by ${row.source} and is read-only here`);
    return row;
  };
  return {
    async list(
      query: Record<string, string | undefined>,
    ): Promise<{ data: PermissionSummaryRow[]; totalEntries: number }> {
      const { rows, total } = await listPermissions(database.db, pageOf(query), filterOf(query));
      return { data: rows, totalEntries: total };
    },

    async create(body: unknown, audit: AuditContext): Promise<PermissionSummaryRow> {
      const input = parseInput(body);
      return withLinksChecked(() =>
        auditedTransaction(database, audit, async (tx) => {
          if (input.team_id) await lockTeamGrants(tx.db, [input.team_id]);
          await refuseSelfGrant(tx.db, audit, input);
          const id = await insertPermission(tx.db, input, actorPersonId(audit));
          const row = (await getPermission(tx.db, id)) as PermissionSummaryRow; // just inserted in this transaction
          return { value: row, audit: { action: 'create', target: 'permissions', ids: [id], after: input } };
        }),
      );
    },

    async update(id: string, body: unknown, audit: AuditContext): Promise<PermissionSummaryRow> {
      const input = parseInput(body);
      return withLinksChecked(() =>
        auditedTransaction(database, audit, async (tx) => {
          const before = await editable(tx.db, id);
          if (input.team_id) await lockTeamGrants(tx.db, [input.team_id]);
          await refuseSelfGrant(tx.db, audit, before, input);
          await updatePermission(tx.db, id, input, actorPersonId(audit));
          const row = (await getPermission(tx.db, id)) as PermissionSummaryRow; // updated in this transaction
          return { value: row, audit: { action: 'update', target: 'permissions', ids: [id], before, after: row } };
        }),
      );
    },

    async remove(id: string, audit: AuditContext): Promise<void> {
      await auditedTransaction(database, audit, async (tx) => {
        const before = await editable(tx.db, id);
        await refuseSelfGrant(tx.db, audit, before);
        await softDeletePermission(tx.db, id, actorPersonId(audit));
        return { value: undefined, audit: { action: 'delete', target: 'permissions', ids: [id], before } };
      });
    },
  };
}
