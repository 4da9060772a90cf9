/**
 * Canaries: create, replace and delete a Canary document. Each write is one transaction: the canary
 * row, its checks (one per entry, removed entries soft-deleted), its named schedule on the job queue
 * and the audit row, so a rejected schedule leaves nothing behind.
 */

import type { Database } from '@mc/db';
import { recordAuditIn } from '../../../platform/audit.js';
import { parseBoundedYaml } from '../../../platform/bounded-yaml.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/request-context.js';
import { recordSaver } from '../../connections/index.js';
import { deleteSchedule, isNeverSchedule, upsertSchedule } from '../../jobs/index.js';
import { junitCheckEntry } from '../runner/junit-result.js';
import { canaryScheduleName, runCanaryJob } from '../runner/run-canary.job.js';
import {
  type CanaryRow,
  type CanaryWrite,
  findCanary,
  findCanaryByName,
  insertCanary,
  listCanaries,
  softDeleteCanary,
  syncChecks,
  updateCanary,
} from './canaries.repo.js';
import { type CanaryDocument, canaryCheckEntries, canarySchedule, validateCanary } from './canary-schema.js';

/** Canary sources: written through the API or console, by the server itself, or from a watched file. */
export type CanarySource = 'UI' | 'System' | 'ConfigFile';

/** Spreads canary schedules over up to 30 s so thousands do not tick in the same millisecond. */
export const CANARY_JITTER_MS = 30_000;

/** Who writes, for the audit row. */
export interface WriteContext {
  actor: Actor;
  requestId?: string | null;
}

/**
 * Parses a YAML or JSON body (YAML is a superset of JSON) within the document limits and validates
 * it as a Canary; 400 otherwise (a hostile document's message names the limit it broke).
 */
export function parseCanaryText(text: string): CanaryDocument {
  return validated(parseBoundedYaml(text, undefined, 'body'));
}

function validated(raw: unknown): CanaryDocument {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AppError('bad_request', 'The body must be a Canary object (apiVersion, kind, metadata, spec)');
  }
  const result = validateCanary(raw);
  if (!result.ok) throw new AppError('bad_request', `Invalid canary: ${result.errors.join('; ')}`, result.errors);
  return result.canary;
}

function toWrite(doc: CanaryDocument, source: CanarySource, createdBy: string | null): CanaryWrite {
  return {
    name: doc.metadata.name,
    namespace: doc.metadata.namespace ?? 'default',
    labels: doc.metadata.labels ?? null,
    annotations: doc.metadata.annotations ?? null,
    spec: doc.spec,
    schedule: canarySchedule(doc.spec),
    source,
    createdBy,
    agentId: doc.agent_id,
  };
}

/** The canary as a Canary document plus its row fields. */
export function toApi(row: CanaryRow) {
  return {
    ...row,
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: {
      name: row.name,
      namespace: row.namespace,
      ...(row.labels ? { labels: row.labels } : {}),
      ...(row.annotations ? { annotations: row.annotations } : {}),
    },
  };
}

const actorId = (actor: Actor) => (actor.kind === 'person' ? actor.id : null);

/**
 * Makes a written canary row take effect inside the caller's transaction: its checks follow the
 * document's entries and its named schedule is set (off with `replicas: 0`). Exported so a canary
 * written through the data API is scheduled exactly as one written through `/api/canaries`.
 */
export async function applyCanary(row: CanaryRow, doc: CanaryDocument, trx: Parameters<typeof syncChecks>[0]) {
  await syncChecks(
    trx,
    { id: row.id, namespace: row.namespace, severity: doc.spec.severity, owner: doc.spec.owner },
    // A junit-mode canary's combined result is stored on a check of its own (runner/junit-result.ts).
    [...canaryCheckEntries(doc.spec), ...(doc.spec.resultMode === 'junit' ? [junitCheckEntry(row.name)] : [])],
  );
  await upsertSchedule(trx, {
    name: canaryScheduleName(row.id),
    schedule: canarySchedule(doc.spec),
    job: runCanaryJob,
    payload: { canaryId: row.id },
    jitterMs: CANARY_JITTER_MS,
    enabled: doc.spec.replicas !== 0,
    resource: { id: row.id },
    // a new or changed canary runs at once, as upstream's RunNow — unless `@never` unschedules it
    ...(isNeverSchedule(canarySchedule(doc.spec)) ? {} : { startAt: new Date() }),
  });
}

/** The canaries service of one database. */
export function canariesService(database: Database) {
  const db = database.db;

  return {
    list: async () => (await listCanaries(db)).map(toApi),

    async get(id: string) {
      const row = await findCanary(db, id).catch(() => undefined);
      if (!row) throw new AppError('not_found', `Canary '${id}' not found`);
      return toApi(row);
    },

    /** Creates a canary; 409 when a live one of that name and namespace exists in the same source. */
    async create(doc: CanaryDocument, ctx: WriteContext, source: CanarySource = 'UI') {
      return db.transaction().execute(async (trx) => {
        const row = await insertCanary(trx, toWrite(doc, source, actorId(ctx.actor)));
        if (!row) {
          throw new AppError(
            'conflict',
            `Canary '${doc.metadata.namespace ?? 'default'}/${doc.metadata.name}' already exists`,
          );
        }
        await recordSaver(trx, { table: 'canaries', id: row.id, actor: ctx.actor, definition: doc.spec });
        await applyCanary(row, doc, trx);
        await recordAuditIn(trx, {
          actor: ctx.actor,
          action: 'create',
          target: 'canaries',
          ids: [row.id],
          after: { name: row.name, namespace: row.namespace, source },
        });
        return toApi(row);
      });
    },

    /** Replaces a canary's document; canaries from files are read-only here. */
    async update(id: string, doc: CanaryDocument, ctx: WriteContext, options: { fromFile?: boolean } = {}) {
      return db.transaction().execute(async (trx) => {
        const before = await findCanary(trx, id).catch(() => undefined);
        if (!before) throw new AppError('not_found', `Canary '${id}' not found`);
        if (before.source === 'ConfigFile' && !options.fromFile) {
          throw new AppError(
            'forbidden',
            `Canary '${before.namespace}/${before.name}' comes from a file and is read-only`,
          );
        }
        const row = await updateCanary(trx, id, toWrite(doc, (before.source ?? 'UI') as CanarySource, null));
        if (!row) throw new AppError('not_found', `Canary '${id}' not found`);
        await recordSaver(trx, { table: 'canaries', id, actor: ctx.actor, definition: doc.spec });
        await applyCanary(row, doc, trx);
        await recordAuditIn(trx, {
          actor: ctx.actor,
          action: 'update',
          target: 'canaries',
          ids: [id],
          before: { name: before.name, spec: before.spec, agent_id: before.agent_id },
          after: { name: row.name, spec: row.spec, agent_id: row.agent_id },
        });
        return toApi(row);
      });
    },

    /** Soft-deletes a canary and its checks and drops its schedule. */
    async remove(id: string, ctx: WriteContext, options: { fromFile?: boolean } = {}) {
      await db.transaction().execute(async (trx) => {
        const before = await findCanary(trx, id).catch(() => undefined);
        if (!before) throw new AppError('not_found', `Canary '${id}' not found`);
        if (before.source === 'ConfigFile' && !options.fromFile) {
          throw new AppError(
            'forbidden',
            `Canary '${before.namespace}/${before.name}' comes from a file and is read-only`,
          );
        }
        await softDeleteCanary(trx, id);
        await deleteSchedule(trx, canaryScheduleName(id));
        await recordAuditIn(trx, {
          actor: ctx.actor,
          action: 'delete',
          target: 'canaries',
          ids: [id],
          before: { name: before.name, namespace: before.namespace },
        });
      });
    },

    /** Creates or replaces the canary of that name in a source (the system canary, watched files). */
    async upsertFrom(source: CanarySource, doc: CanaryDocument, ctx: WriteContext) {
      const existing = await findCanaryByName(db, doc.metadata.name, doc.metadata.namespace ?? 'default', source);
      if (existing) return this.update(existing.id, doc, ctx, { fromFile: true });
      return this.create(doc, ctx, source);
    },
  };
}

/** The canaries service type. */
export type CanariesService = ReturnType<typeof canariesService>;
