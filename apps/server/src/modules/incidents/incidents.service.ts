import {
  createIncidentSchema,
  type IncidentDetail,
  type IncidentHistoryView,
  type IncidentPage,
  type IncidentSummary,
  listIncidentsQuerySchema,
  updateIncidentSchema,
} from '@mc/contracts';
import type { Database, Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.js';
import type { ResourceReach } from '../../platform/resource-visibility.js';
import { detailHistory, loadDetail } from './incident-detail.repo.js';
import { parseInput } from './incident-input.js';
import { inIncidentTx, type WriteContext } from './incident-tx.js';
import {
  findIncident,
  findSummary,
  type IncidentRow,
  type IncidentWrite,
  insertIncident,
  listIncidents,
  personExists,
  updateIncident,
} from './incidents.repo.js';

type Db = Kysely<Tables>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a uuid names nothing: 404 rather than a database cast error. */
export function requireId(id: string, what: string): string {
  if (!UUID.test(id)) throw new AppError('not_found', `${what} not found`);
  return id;
}

/** The live incident or a 404; inside a transaction it is locked so concurrent edits queue. */
export async function requireIncident(db: Db, id: string, forUpdate = false): Promise<IncidentRow> {
  const row = await findIncident(db, requireId(id, 'Incident'), forUpdate);
  if (!row) throw new AppError('not_found', 'Incident not found');
  return row;
}

async function requirePeople(db: Db, values: IncidentWrite): Promise<void> {
  for (const field of ['commander_id', 'communicator_id'] as const) {
    const id = values[field];
    if (id && !(await personExists(db, id))) throw new AppError('bad_request', `No person with id ${id} (${field})`);
  }
}

/** Incidents: list, detail, create and edit; defaults and enum rules come from the contracts and the database. */
export function incidentsService(database: Database) {
  const db = database.db;
  return {
    /** A page of the list with its filtered total. */
    async list(query: unknown): Promise<IncidentPage> {
      const q = parseInput(listIncidentsQuerySchema, query);
      const { rows, total } = await listIncidents(database, q);
      return { data: rows, total };
    },

    /** Everything the detail page shows, the evidence's resources as `reach` lets the reader see them. */
    async detail(id: string, reach: ResourceReach): Promise<IncidentDetail> {
      const parts = await loadDetail(database, requireId(id, 'Incident'), reach);
      if (!parts) throw new AppError('not_found', 'Incident not found');
      // The summary view carries the lifecycle timestamps too.
      return { ...parts, incident: parts.incident as IncidentDetail['incident'] };
    },

    /** The whole timeline, newest first. */
    async history(id: string, limit: number): Promise<IncidentHistoryView[]> {
      await requireIncident(db, id);
      return detailHistory(db, id, limit);
    },

    /** Opens an incident (status defaults to open). */
    async create(body: unknown, ctx: WriteContext): Promise<IncidentSummary> {
      const values = parseInput(createIncidentSchema, body);
      const created = await inIncidentTx(
        db,
        ctx,
        { action: 'incident.create', target: 'incidents' },
        async (trx, personId) => {
          await requirePeople(trx, values);
          const row = await insertIncident(trx, values, personId);
          return { result: row, records: [{ id: row.id, before: null, after: { ...row } }] };
        },
      );
      return (await findSummary(db, created.id)) as IncidentSummary; // just committed, so it exists
    },

    /** Edits title, description, type, severity, status, commander or communicator. */
    async update(id: string, body: unknown, ctx: WriteContext): Promise<IncidentSummary> {
      const values = parseInput(updateIncidentSchema, body);
      await inIncidentTx(db, ctx, { action: 'incident.update', target: 'incidents' }, async (trx) => {
        const before = await requireIncident(trx, id, true);
        await requirePeople(trx, values);
        const after = Object.keys(values).length ? await updateIncident(trx, id, values) : before;
        return { result: after, records: [{ id, before: { ...before }, after: { ...after } }] };
      });
      return (await findSummary(db, id)) as IncidentSummary; // just updated, so it exists
    },
  };
}

/** The incidents service type. */
export type IncidentsService = ReturnType<typeof incidentsService>;
