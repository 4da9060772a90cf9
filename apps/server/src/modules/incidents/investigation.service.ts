import {
  createEvidenceSchema,
  createHypothesisSchema,
  EVIDENCE_LINK_COLUMNS,
  type EvidenceLinkColumn,
  updateEvidenceSchema,
  updateHypothesisSchema,
} from '@mc/contracts';
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.js';
import type { ResourceReach } from '../../platform/resource-visibility.js';
import {
  deleteEvidence,
  type EvidenceInsert,
  type EvidenceRow,
  findEvidence,
  insertEvidence,
  linkedResourceExists,
  updateEvidence,
} from './evidences.repo.js';
import {
  type DeletedTree,
  deleteHypothesisTree,
  findHypothesis,
  type HypothesisRow,
  insertHypothesis,
  listHypotheses,
  updateHypothesis,
} from './hypotheses.repo.js';
import { detailEvidence } from './incident-detail.repo.js';
import { parseInput } from './incident-input.js';
import { inIncidentTx, type WriteContext } from './incident-tx.js';
import { requireId, requireIncident } from './incidents.service.js';

type Db = Kysely<Tables>;

const LINK_NAMES: Readonly<Record<EvidenceLinkColumn, string>> = {
  config_id: 'config item',
  config_change_id: 'config change',
  config_analysis_id: 'config insight',
  component_id: 'component',
  check_id: 'check',
};

/**
 * A hypothesis named in a body must be one of this incident's: one of another incident is refused
 * (400), so evidence and comments never cross incidents.
 */
export async function requireOwnHypothesis(db: Db, incidentId: string, hypothesisId: string): Promise<HypothesisRow> {
  const row = await findHypothesis(db, incidentId, hypothesisId);
  if (!row) throw new AppError('bad_request', `Hypothesis ${hypothesisId} is not a hypothesis of this incident`);
  return row;
}

/**
 * Evidence for a resource that does not exist is refused (400), whichever link column names it; so is
 * one the writer may not read (`reach`), with the same message, so the answer is no existence oracle.
 */
export async function requireLinkedResources(
  db: Db,
  values: Partial<Record<EvidenceLinkColumn, string | null>>,
  reach: ResourceReach,
): Promise<void> {
  for (const column of EVIDENCE_LINK_COLUMNS) {
    const id = values[column];
    if (id && !(await linkedResourceExists(db, column, id, reach))) {
      throw new AppError('bad_request', `No ${LINK_NAMES[column]} with id ${id}`);
    }
  }
}

/** Attaches evidence after checking its hypothesis and linked resource (shared by the link flow). */
export async function attachEvidence(
  db: Db,
  incidentId: string,
  values: EvidenceInsert,
  personId: string,
  reach: ResourceReach,
): Promise<EvidenceRow> {
  await requireOwnHypothesis(db, incidentId, values.hypothesis_id);
  await requireLinkedResources(db, values, reach);
  return insertEvidence(db, values, personId);
}

/** Hypotheses and evidence of an incident: the investigation tree. */
export function investigationService(db: Db) {
  return {
    /** The incident's hypotheses, oldest first (the link dialog's hypothesis picker). */
    async listHypotheses(incidentId: string): Promise<HypothesisRow[]> {
      await requireIncident(db, incidentId);
      return listHypotheses(db, incidentId);
    },

    /** Adds a hypothesis; new ones are root and possible unless told otherwise. */
    async createHypothesis(incidentId: string, body: unknown, ctx: WriteContext): Promise<HypothesisRow> {
      const values = parseInput(createHypothesisSchema, body);
      return inIncidentTx(db, ctx, { action: 'hypothesis.create', target: 'hypotheses' }, async (trx, personId) => {
        await requireIncident(trx, incidentId, true);
        if (values.parent_id) await requireOwnHypothesis(trx, incidentId, values.parent_id);
        const row = await insertHypothesis(
          trx,
          { ...values, incident_id: incidentId, parent_id: values.parent_id ?? null },
          personId,
        );
        return { result: row, records: [{ id: row.id, before: null, after: { ...row } }] };
      });
    },

    /** Edits a hypothesis's title or status in place. */
    async updateHypothesis(incidentId: string, id: string, body: unknown, ctx: WriteContext): Promise<HypothesisRow> {
      const values = parseInput(updateHypothesisSchema, body);
      return inIncidentTx(db, ctx, { action: 'hypothesis.update', target: 'hypotheses' }, async (trx) => {
        await requireIncident(trx, incidentId, true);
        const before = await findHypothesis(trx, incidentId, requireId(id, 'Hypothesis'));
        if (!before) throw new AppError('not_found', 'Hypothesis not found');
        const after = Object.keys(values).length ? await updateHypothesis(trx, id, values) : before;
        return { result: after, records: [{ id, before: { ...before }, after: { ...after } }] };
      });
    },

    /** Deletes a hypothesis and its subtree, their comments and evidence first, in one transaction. */
    async deleteHypothesis(incidentId: string, id: string, ctx: WriteContext): Promise<DeletedTree> {
      return inIncidentTx(db, ctx, { action: 'hypothesis.delete', target: 'hypotheses' }, async (trx) => {
        await requireIncident(trx, incidentId, true);
        const before = await findHypothesis(trx, incidentId, requireId(id, 'Hypothesis'));
        if (!before) throw new AppError('not_found', 'Hypothesis not found');
        const deleted = await deleteHypothesisTree(trx, id);
        return { result: deleted, records: [{ id, before: { ...before, deleted }, after: null }] };
      });
    },

    /** Attaches evidence to one of the incident's hypotheses, linking only resources `reach` lets the writer read. */
    async createEvidence(
      incidentId: string,
      body: unknown,
      ctx: WriteContext,
      reach: ResourceReach,
    ): Promise<EvidenceRow> {
      const v = parseInput(createEvidenceSchema, body);
      return inIncidentTx(db, ctx, { action: 'evidence.create', target: 'evidences' }, async (trx, personId) => {
        await requireIncident(trx, incidentId, true);
        const row = await attachEvidence(
          trx,
          incidentId,
          {
            ...v,
            evidence: v.evidence ?? null,
            properties: v.properties ?? null,
            script: v.script ?? null,
            config_id: v.config_id ?? null,
            config_change_id: v.config_change_id ?? null,
            config_analysis_id: v.config_analysis_id ?? null,
            component_id: v.component_id ?? null,
            check_id: v.check_id ?? null,
          },
          personId,
          reach,
        );
        return { result: row, records: [{ id: row.id, before: null, after: { ...row } }] };
      });
    },

    /**
     * Toggles done / definition of done, edits description or script. The answer shows the evidence's
     * resource as the incident page shows it to the writer: on a resource `reach` hides, without its link
     * ids and snapshot (the audit keeps the whole row).
     */
    async updateEvidence(
      incidentId: string,
      id: string,
      body: unknown,
      ctx: WriteContext,
      reach: ResourceReach,
    ): Promise<EvidenceRow> {
      const values = parseInput(updateEvidenceSchema, body);
      return inIncidentTx(db, ctx, { action: 'evidence.update', target: 'evidences' }, async (trx) => {
        await requireIncident(trx, incidentId, true);
        const before = await findEvidence(trx, incidentId, requireId(id, 'Evidence'));
        if (!before) throw new AppError('not_found', 'Evidence not found');
        const after = Object.keys(values).length ? await updateEvidence(trx, id, values) : before;
        // the link ids and snapshot as the detail shows them: null on a resource `reach` hides
        const seen = await detailEvidence(trx, incidentId, id, reach);
        const result = seen
          ? {
              ...after,
              evidence: seen.evidence,
              config_id: seen.config_id,
              config_change_id: seen.config_change_id,
              config_analysis_id: seen.config_analysis_id,
              component_id: seen.component_id,
              check_id: seen.check_id,
            }
          : after;
        return { result, records: [{ id, before: { ...before }, after: { ...after } }] };
      });
    },

    /** Removes one evidence row. */
    async deleteEvidence(incidentId: string, id: string, ctx: WriteContext): Promise<void> {
      await inIncidentTx(db, ctx, { action: 'evidence.delete', target: 'evidences' }, async (trx) => {
        await requireIncident(trx, incidentId, true);
        const before = await findEvidence(trx, incidentId, requireId(id, 'Evidence'));
        if (!before) throw new AppError('not_found', 'Evidence not found');
        await deleteEvidence(trx, id);
        return { result: undefined, records: [{ id, before: { ...before }, after: null }] };
      });
    },
  };
}
