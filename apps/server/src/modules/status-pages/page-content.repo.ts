import type { StatusPageSelector } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Tables>;

/** A component a page's selector matched, with the parent the topology groups it under. */
export interface SelectedComponent {
  id: string;
  name: string;
  status: string;
  /** The roll-up's counts (JSON text) of its children and checks. */
  summary: string | null;
  parent_name: string | null;
}

/** A check a page's selector matched. */
export interface SelectedCheck {
  id: string;
  name: string;
  status: string | null;
}

/** A public incident on a page. */
export interface PublicIncidentRow {
  id: string;
  title: string;
  status: string;
  severity: string;
  created_at: Date;
  resolved: Date | null;
}

/** True when a selector names nothing, so it selects nothing (never "everything"). */
export function selectsNothing(selector: Partial<StatusPageSelector>): boolean {
  return !selector.names?.length && !selector.types?.length && Object.keys(selector.labels ?? {}).length === 0;
}

/**
 * Live, visible components matching every field the selector gives (names, types, labels), in the
 * topology's order: by parent, then name. `limit` bounds the work of one build.
 */
export async function selectComponents(
  db: Db,
  selector: Partial<StatusPageSelector>,
  limit: number,
): Promise<SelectedComponent[]> {
  if (selectsNothing(selector)) return [];
  const { rows } = await sql<SelectedComponent>`SELECT c.id::text, c.name, c.status, c.summary, p.name AS parent_name
    FROM components c LEFT JOIN components p ON p.id = c.parent_id AND p.deleted_at IS NULL
    WHERE c.deleted_at IS NULL AND NOT c.hidden
      AND (cardinality(${selector.names ?? []}::text[]) = 0 OR c.name = ANY(${selector.names ?? []}::text[]))
      AND (cardinality(${selector.types ?? []}::text[]) = 0 OR c.type = ANY(${selector.types ?? []}::text[]))
      AND coalesce(c.labels, '{}'::jsonb) @> ${JSON.stringify(selector.labels ?? {})}::jsonb
    ORDER BY p.name NULLS FIRST, c.name, c.id LIMIT ${limit}`.execute(db);
  return rows;
}

/** Live checks matching every field the selector gives, by name. */
export async function selectChecks(
  db: Db,
  selector: Partial<StatusPageSelector>,
  limit: number,
): Promise<SelectedCheck[]> {
  if (selectsNothing(selector)) return [];
  const { rows } = await sql<SelectedCheck>`SELECT k.id::text, k.name, k.status FROM checks k
    WHERE k.deleted_at IS NULL
      AND (cardinality(${selector.names ?? []}::text[]) = 0 OR k.name = ANY(${selector.names ?? []}::text[]))
      AND (cardinality(${selector.types ?? []}::text[]) = 0 OR k.type = ANY(${selector.types ?? []}::text[]))
      AND coalesce(k.labels, '{}'::jsonb) @> ${JSON.stringify(selector.labels ?? {})}::jsonb
    ORDER BY k.name, k.id LIMIT ${limit}`.execute(db);
  return rows;
}

/** The checks linked to each of the components (their uptime is the components' uptime). */
export async function checksOfComponents(
  db: Db,
  componentIds: string[],
): Promise<{ component_id: string; check_id: string }[]> {
  if (componentIds.length === 0) return [];
  const { rows } = await sql<{ component_id: string; check_id: string }>`SELECT r.component_id::text,
      r.check_id::text FROM check_component_relationships r JOIN checks k ON k.id = r.check_id AND k.deleted_at IS NULL
    WHERE r.component_id = ANY(${componentIds}::uuid[]) AND r.deleted_at IS NULL`.execute(db);
  return rows;
}

/**
 * Public incidents whose evidence names one of the components or checks, open or resolved within
 * `pastDays`, newest first.
 */
export async function publicIncidents(
  db: Db,
  componentIds: string[],
  checkIds: string[],
  pastDays: number,
  limit: number,
): Promise<PublicIncidentRow[]> {
  if (componentIds.length === 0 && checkIds.length === 0) return [];
  const { rows } = await sql<PublicIncidentRow>`SELECT i.id::text, i.title, i.status, i.severity, i.created_at,
      i.resolved
    FROM incidents i
    WHERE i.public AND i.deleted_at IS NULL
      AND (i.resolved IS NULL OR i.resolved > now() - make_interval(days => ${pastDays}::int))
      AND EXISTS (SELECT 1 FROM hypotheses h JOIN evidences e ON e.hypothesis_id = h.id AND e.deleted_at IS NULL
        WHERE h.incident_id = i.id AND h.deleted_at IS NULL
          AND (e.component_id = ANY(${componentIds}::uuid[]) OR e.check_id = ANY(${checkIds}::uuid[])))
    ORDER BY i.created_at DESC, i.id DESC LIMIT ${limit}`.execute(db);
  return rows;
}

/** The newest `perIncident` public comments (updates) of each of the incidents, newest first. */
export async function publicUpdates(
  db: Db,
  incidentIds: string[],
  perIncident: number,
): Promise<{ incident_id: string; comment: string; created_at: Date }[]> {
  if (incidentIds.length === 0) return [];
  const { rows } = await sql<{ incident_id: string; comment: string; created_at: Date }>`SELECT incident_id,
      comment, created_at FROM (
        SELECT incident_id::text, comment, created_at, id,
          row_number() OVER (PARTITION BY incident_id ORDER BY created_at DESC, id DESC) AS n
        FROM comments WHERE public AND deleted_at IS NULL AND incident_id = ANY(${incidentIds}::uuid[])
      ) u WHERE n <= ${perIncident} ORDER BY created_at DESC, id DESC`.execute(db);
  return rows;
}
