/**
 * SLOs: create, read, change and delete objectives on a check or a component, each answered with its
 * figures now. A caller reaches only SLOs on objects they may read, and names only such objects
 * (a hidden check answers as a missing one); every change is audited in its transaction.
 */
import {
  SLO_MESSAGES,
  type Slo,
  type SloHistory,
  type SloList,
  sloInputSchema,
  sloListQuerySchema,
  sloUpdateSchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import type { z } from 'zod';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { type ResourceReach, resourceVisible } from '../../platform/resource-visibility.js';
import { measureSlo, sloHistory } from './slo-measure.js';
import { type SloRow, type SloValues, slosRepo } from './slos.repo.js';

/** Parses `body` with `schema`, or a 400 naming each field and its message. */
export function parseOr400<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.') || 'body',
    message: issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')}: is not a field of an SLO` : issue.message,
  }));
  throw new AppError('bad_request', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), { issues });
}

/** The checks an SLO counts: its own, or those linked to its component. */
export async function checksOf(database: Database, slo: SloRow): Promise<string[]> {
  if (slo.check_id) return [slo.check_id];
  return slo.component_id ? slosRepo(database).componentCheckIds(slo.component_id) : [];
}

const iso = (value: Date) => new Date(value).toISOString();

/** The API's shape of an SLO row (without its figures). */
function toApi(row: SloRow): Omit<Slo, 'status'> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    check_id: row.check_id,
    component_id: row.component_id,
    target_name: row.target_name,
    kind: row.kind,
    target: Number(row.target),
    window_days: row.window_days,
    latency_threshold_ms: row.latency_threshold_ms,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The SLOs service over one database. */
export function slosService(database: Database, now: () => Date = () => new Date()) {
  const repo = slosRepo(database);
  const withStatus = async (row: SloRow): Promise<Slo> => ({
    ...toApi(row),
    status: await measureSlo(row, { database, checkIds: await checksOf(database, row), now: now() }),
  });
  const found = async (reach: ResourceReach, id: string): Promise<SloRow> => {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.get(reach, id) : undefined;
    if (!row) throw new AppError('not_found', SLO_MESSAGES.notFound(id));
    return row;
  };
  const assertObjectVisible = async (reach: ResourceReach, values: SloValues) => {
    const [kind, id] = values.check_id
      ? (['check', values.check_id] as const)
      : (['component', values.component_id ?? ''] as const);
    if (!(await resourceVisible(database.db, reach, kind, id)))
      throw new AppError('bad_request', `${kind}_id: ${SLO_MESSAGES.targetNotFound(kind, id)}`);
  };
  return {
    /** A page of the SLOs the caller may read, each with its figures. */
    async list(reach: ResourceReach, query: unknown): Promise<SloList> {
      const q = parseOr400(sloListQuerySchema, query);
      const { rows, total } = await repo.list(reach, {
        checkId: q.check_id,
        componentId: q.component_id,
        limit: q.limit,
        offset: q.offset,
      });
      const items: Slo[] = [];
      // one at a time: the embedded engine has one connection, and a page is at most 200
      for (const row of rows) items.push(await withStatus(row));
      return { items, total };
    },
    async get(reach: ResourceReach, id: string): Promise<Slo> {
      return withStatus(await found(reach, id));
    },
    /** The budget over time of one SLO (hourly points over its window length). */
    async history(reach: ResourceReach, id: string): Promise<SloHistory> {
      const row = await found(reach, id);
      const points = await sloHistory(row, { database, checkIds: await checksOf(database, row), now: now() });
      return {
        points: points.map((p) => ({ time: new Date(p.time).toISOString(), budget_remaining: p.budgetRemaining })),
      };
    },
    async create(reach: ResourceReach, body: unknown, audit: AuditContext): Promise<Slo> {
      const input = parseOr400(sloInputSchema, body);
      const values: SloValues = {
        name: input.name,
        description: input.description ?? null,
        check_id: input.check_id ?? null,
        component_id: input.component_id ?? null,
        kind: input.kind,
        target: input.target,
        window_days: input.window_days,
        latency_threshold_ms: input.latency_threshold_ms ?? null,
      };
      await assertObjectVisible(reach, values);
      const id = await auditedTransaction(database, audit, async (tx) => {
        const created = await slosRepo(tx).insert(values, actorPersonId(audit));
        return { value: created, audit: { action: 'create', target: 'slos', ids: [created], after: { ...values } } };
      });
      return this.get(reach, id);
    },
    async update(reach: ResourceReach, id: string, body: unknown, audit: AuditContext): Promise<Slo> {
      const before = await found(reach, id);
      const input = parseOr400(sloUpdateSchema, body);
      const kind = input.kind ?? before.kind;
      const threshold =
        input.latency_threshold_ms !== undefined
          ? input.latency_threshold_ms
          : kind === 'availability'
            ? null
            : before.latency_threshold_ms;
      // the merged SLO must still hold the create rules (a latency SLO keeps a threshold)
      parseOr400(sloInputSchema, {
        name: input.name ?? before.name,
        check_id: before.check_id,
        component_id: before.component_id,
        kind,
        target: input.target ?? Number(before.target),
        window_days: input.window_days ?? before.window_days,
        latency_threshold_ms: threshold,
      });
      const values: SloValues = {
        name: input.name ?? before.name,
        description: input.description !== undefined ? input.description : before.description,
        check_id: before.check_id,
        component_id: before.component_id,
        kind,
        target: input.target ?? Number(before.target),
        window_days: input.window_days ?? before.window_days,
        latency_threshold_ms: threshold,
      };
      await auditedTransaction(database, audit, async (tx) => {
        if (!(await slosRepo(tx).update(id, values))) throw new AppError('not_found', SLO_MESSAGES.notFound(id));
        return {
          value: undefined,
          audit: { action: 'update', target: 'slos', ids: [id], before: toApi(before), after: { ...values } },
        };
      });
      return this.get(reach, id);
    },
    async remove(reach: ResourceReach, id: string, audit: AuditContext): Promise<void> {
      const before = await found(reach, id);
      await auditedTransaction(database, audit, async (tx) => {
        if (!(await slosRepo(tx).softDelete(id))) throw new AppError('not_found', SLO_MESSAGES.notFound(id));
        return { value: undefined, audit: { action: 'delete', target: 'slos', ids: [id], before: toApi(before) } };
      });
    },
  };
}
