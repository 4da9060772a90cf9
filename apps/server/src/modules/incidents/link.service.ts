import { type LinkEvidenceResult, linkEvidenceSchema } from '@mc/contracts';
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import type { AuditRecord } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import type { ResourceReach } from '../../platform/resource-visibility.js';
import { insertHypothesis } from './hypotheses.repo.js';
import { parseInput } from './incident-input.js';
import { inIncidentTx, type WriteContext } from './incident-tx.js';
import { findIncident, insertIncident } from './incidents.repo.js';
import { attachEvidence, requireLinkedResources } from './investigation.service.js';

type Db = Kysely<Tables>;

/**
 * The link-to-incident flow of spec 001 §4 as one atomic call: create the incident if it is new,
 * create a root hypothesis (possible) if the incident is new or no hypothesis was given, then attach
 * the evidence. Any failure leaves nothing behind.
 */
export function linkService(db: Db) {
  return {
    /** Links a resource `reach` lets the writer read (a hidden one answers as a missing one). */
    async link(body: unknown, ctx: WriteContext, reach: ResourceReach): Promise<LinkEvidenceResult> {
      const v = parseInput(linkEvidenceSchema, body);
      return inIncidentTx(
        db,
        ctx,
        { action: 'incident.link', target: 'POST /api/incidents/link' },
        async (trx, personId) => {
          const records: AuditRecord[] = [];
          await requireLinkedResources(trx, v, reach);
          let incident = v.incident_id ? await findIncident(trx, v.incident_id, true) : undefined;
          if (v.incident_id && !incident) throw new AppError('bad_request', `No incident with id ${v.incident_id}`);
          const isNew = !incident;
          if (!incident) {
            if (!v.incident) throw new AppError('bad_request', 'Must select or create an incident');
            incident = await insertIncident(trx, { ...v.incident, status: 'open' }, personId);
            records.push({ id: incident.id, before: null, after: { ...incident } });
          }
          let hypothesisId = isNew ? undefined : (v.hypothesisId ?? undefined);
          if (!hypothesisId) {
            const hypothesis = await insertHypothesis(
              trx,
              { incident_id: incident.id, title: incident.title, type: 'root', status: 'possible', parent_id: null },
              personId,
            );
            records.push({ id: hypothesis.id, before: null, after: { ...hypothesis } });
            hypothesisId = hypothesis.id;
          }
          const evidence = await attachEvidence(
            trx,
            incident.id,
            {
              hypothesis_id: hypothesisId,
              description: v.description,
              type: v.type,
              evidence: v.evidence ?? null,
              properties: null,
              config_id: v.config_id ?? null,
              config_change_id: v.config_change_id ?? null,
              config_analysis_id: v.config_analysis_id ?? null,
              component_id: v.component_id ?? null,
              check_id: v.check_id ?? null,
              definition_of_done: false,
              done: false,
              script: null,
            },
            personId,
            reach,
          );
          records.push({ id: evidence.id, before: null, after: { ...evidence } });
          const result = {
            incident_id: incident.id,
            incident_number: incident.incident_id,
            hypothesis_id: hypothesisId,
            evidence_id: evidence.id,
          };
          return { result, records };
        },
      );
    },
  };
}
