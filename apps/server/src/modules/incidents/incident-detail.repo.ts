import type {
  IncidentCommentView,
  IncidentEvidenceView,
  IncidentHistoryView,
  IncidentHypothesisView,
  IncidentSummary,
} from '@mc/contracts';
import type { Database, Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type ResourceReach, reachSql } from '../../platform/resource-visibility.js';
import { timeBlockRangeSql } from '../health/index.js';
import { runPrepared } from './prepared.repo.js';

type Db = Kysely<Tables>;

/** How far back a check's uptime on an evidence card looks. */
const UPTIME_WINDOW = '24 hours';
/** Newest history rows the detail carries (the timeline pages further back through /history). */
export const DETAIL_HISTORY_LIMIT = 200;

const hypothesesSql = (
  incidentId: string,
): RawBuilder<IncidentHypothesisView> => sql`SELECT h.id, h.incident_id, h.parent_id, h.type, h.title, h.status,
      h.created_at, h.updated_at, jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) AS created_by
    FROM hypotheses h LEFT JOIN people p ON p.id = h.created_by
    WHERE h.incident_id = ${incidentId}::uuid AND h.deleted_at IS NULL ORDER BY h.created_at, h.id`;

/** The incident's hypotheses, oldest first. */
export async function detailHypotheses(db: Db, incidentId: string): Promise<IncidentHypothesisView[]> {
  return (await hypothesesSql(incidentId).execute(db)).rows;
}

/**
 * The incident's evidence with the linked resource as it is now: a check's status and 24-hour uptime,
 * a config item's health, a change's diff, an insight's message, a component's status. A resource the
 * reader may not read (`reach`, the data API's answer for its table; a change or insight follows its config
 * item) reads `{ kind: 'hidden', of }` instead, and the evidence's link ids and resource snapshot
 * (`evidence`) are left out with it (docs/incidents.md, "Evidence on a hidden resource").
 */
const evidencesSql = (incidentId: string, reach: ResourceReach, onlyId?: string): RawBuilder<IncidentEvidenceView> => {
  const hidden = sql<boolean>`((ch.id IS NOT NULL AND NOT ${reachSql(reach.check, 'ch')})
      OR (cc.id IS NOT NULL AND NOT ${reachSql(reach.config, 'cci')})
      OR (ca.id IS NOT NULL AND NOT ${reachSql(reach.config, 'cai')})
      OR (ci.id IS NOT NULL AND NOT ${reachSql(reach.config, 'ci')})
      OR (co.id IS NOT NULL AND NOT ${reachSql(reach.component, 'co')}))`;
  // The packed hours of the uptime window only (migration 0200): a day of blocks, not the check's history.
  const uptimeBlocks = sql.raw(timeBlockRangeSql({ alias: 's', from: `now() - interval '${UPTIME_WINDOW}'` }));
  return sql`SELECT id, hypothesis_id, description, type,
      CASE WHEN hidden THEN NULL ELSE evidence END AS evidence, properties,
      CASE WHEN hidden THEN NULL ELSE config_id END AS config_id,
      CASE WHEN hidden THEN NULL ELSE config_change_id END AS config_change_id,
      CASE WHEN hidden THEN NULL ELSE config_analysis_id END AS config_analysis_id,
      CASE WHEN hidden THEN NULL ELSE component_id END AS component_id,
      CASE WHEN hidden THEN NULL ELSE check_id END AS check_id,
      definition_of_done, done, script, created_at, created_by,
      CASE WHEN hidden THEN jsonb_build_object('kind', 'hidden', 'of', resource->>'kind') ELSE resource END AS resource
    FROM (SELECT e.id, e.hypothesis_id, e.description, e.type, e.evidence, e.properties,
      e.config_id, e.config_change_id, e.config_analysis_id, e.component_id, e.check_id, e.definition_of_done, e.done,
      e.script, e.created_at, jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) AS created_by,
      ${hidden} AS hidden,
      CASE
        WHEN ch.id IS NOT NULL THEN jsonb_build_object('kind', 'check', 'id', ch.id, 'name', ch.name, 'type', ch.type,
          'status', ch.status, 'last_runtime', ch.last_runtime, 'deleted', ch.deleted_at IS NOT NULL,
          'uptime', (SELECT jsonb_build_object('passed', count(*) FILTER (WHERE s.status), 'failed', count(*) FILTER (WHERE NOT s.status))
            FROM check_statuses s WHERE s.check_id = ch.id AND s.time > now() - ${UPTIME_WINDOW}::interval
              AND ${uptimeBlocks}))
        WHEN cc.id IS NOT NULL THEN jsonb_build_object('kind', 'config_change', 'id', cc.id, 'change_type', cc.change_type,
          'summary', cc.summary, 'severity', cc.severity, 'diff', cc.diff, 'created_at', cc.created_at,
          'config_id', cc.config_id, 'config_name', cci.name, 'config_type', cci.type)
        WHEN ca.id IS NOT NULL THEN jsonb_build_object('kind', 'config_analysis', 'id', ca.id, 'analyzer', ca.analyzer,
          'message', ca.message, 'severity', ca.severity, 'status', ca.status, 'config_id', ca.config_id, 'config_name', cai.name)
        WHEN ci.id IS NOT NULL THEN jsonb_build_object('kind', 'config', 'id', ci.id, 'name', ci.name, 'type', ci.type,
          'health', ci.health, 'status', ci.status, 'deleted', ci.deleted_at IS NOT NULL)
        WHEN co.id IS NOT NULL THEN jsonb_build_object('kind', 'component', 'id', co.id, 'name', co.name, 'status', co.status,
          'health', co.health, 'deleted', co.deleted_at IS NOT NULL)
      END AS resource
    FROM evidences e
    JOIN hypotheses h ON h.id = e.hypothesis_id
    LEFT JOIN people p ON p.id = e.created_by
    LEFT JOIN checks ch ON ch.id = e.check_id
    LEFT JOIN config_changes cc ON cc.id = e.config_change_id
    LEFT JOIN config_items cci ON cci.id = cc.config_id
    LEFT JOIN config_analysis ca ON ca.id = e.config_analysis_id
    LEFT JOIN config_items cai ON cai.id = ca.config_id
    LEFT JOIN config_items ci ON ci.id = e.config_id
    LEFT JOIN components co ON co.id = e.component_id
    WHERE h.incident_id = ${incidentId}::uuid AND e.deleted_at IS NULL AND h.deleted_at IS NULL
      ${onlyId ? sql`AND e.id = ${onlyId}::uuid` : sql``}) AS ev
    ORDER BY created_at, id`;
};

/** The incident's evidence with its live resources as `reach` lets the reader see them, oldest first. */
export async function detailEvidences(
  db: Db,
  incidentId: string,
  reach: ResourceReach,
): Promise<IncidentEvidenceView[]> {
  return (await evidencesSql(incidentId, reach).execute(db)).rows;
}

/** One evidence of the incident as {@link detailEvidences} shows it to a reader with `reach`. */
export async function detailEvidence(
  db: Db,
  incidentId: string,
  id: string,
  reach: ResourceReach,
): Promise<IncidentEvidenceView | undefined> {
  return (await evidencesSql(incidentId, reach, id).execute(db)).rows[0];
}

const commentsSql = (
  incidentId: string,
): RawBuilder<IncidentCommentView> => sql`SELECT c.id, c.incident_id, c.hypothesis_id, c.responder_id, c.comment,
      c.external_created_by, c.created_at, c.public, jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) AS created_by
    FROM comments c LEFT JOIN people p ON p.id = c.created_by
    WHERE c.incident_id = ${incidentId}::uuid AND c.deleted_at IS NULL ORDER BY c.created_at, c.id`;

/** Comments on the incident and on its hypotheses, oldest first, with their author. */
export async function detailComments(db: Db, incidentId: string): Promise<IncidentCommentView[]> {
  return (await commentsSql(incidentId).execute(db)).rows;
}

const historySql = (
  incidentId: string,
  limit: number,
): RawBuilder<IncidentHistoryView> => sql`SELECT ih.id, ih.type, ih.description, ih.properties, ih.hypothesis_id,
      ih.evidence_id, ih.comment_id, ih.responder_id, ih.created_at,
      CASE WHEN p.id IS NULL THEN NULL ELSE jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) END AS created_by
    FROM incident_histories ih LEFT JOIN people p ON p.id = ih.created_by
    WHERE ih.incident_id = ${incidentId}::uuid ORDER BY ih.created_at DESC, ih.id DESC LIMIT ${limit}`;

/** The timeline: history rows newest first with who made each change. */
export async function detailHistory(
  db: Db,
  incidentId: string,
  limit = DETAIL_HISTORY_LIMIT,
): Promise<IncidentHistoryView[]> {
  return (await historySql(incidentId, limit).execute(db)).rows;
}

/** The parts of the detail page, or undefined when the incident does not exist. */
export interface DetailParts {
  incident: IncidentSummary;
  hypotheses: IncidentHypothesisView[];
  evidences: IncidentEvidenceView[];
  comments: IncidentCommentView[];
  history: IncidentHistoryView[];
}

const agg = (query: RawBuilder<unknown>) =>
  sql`COALESCE((SELECT jsonb_agg(to_jsonb(q)) FROM (${query}) AS q), '[]'::jsonb)`;

/**
 * The whole detail payload in one statement and one round trip: the summary row and each list as a
 * JSON array in the lists' own order (jsonb_agg over an ordered subquery keeps it). `reach` is what the
 * reader may see of the evidence's linked resources.
 */
export async function loadDetail(
  database: Database,
  incidentId: string,
  reach: ResourceReach,
): Promise<DetailParts | undefined> {
  const rows = await runPrepared(
    database,
    sql<DetailParts>`SELECT to_jsonb(s) AS incident,
      ${agg(hypothesesSql(incidentId))} AS hypotheses,
      ${agg(evidencesSql(incidentId, reach))} AS evidences,
      ${agg(commentsSql(incidentId))} AS comments,
      ${agg(historySql(incidentId, DETAIL_HISTORY_LIMIT))} AS history
    FROM incident_summary s WHERE s.id = ${incidentId}::uuid`,
  );
  return rows[0];
}
