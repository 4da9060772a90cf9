/**
 * Reads of the topology snapshot (snapshot.service.ts): a component's subtree, its checks and their
 * results, and the related rows; each capped at {@link SNAPSHOT_ROW_LIMIT}.
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import { timeBlockRangeSql } from '../health/index.js';
import type { ComponentVisibility } from './component-visibility.js';
import { visibleSql } from './component-visibility.repo.js';

type Db = Kysely<Tables>;

/** Most components, checks, results and related rows one snapshot holds per file. */
export const SNAPSHOT_ROW_LIMIT = 10_000;

/** A change of a component as the snapshot lists it (the view's other columns pass through). */
export interface SnapshotChange {
  component_id: string;
  change_type: string;
  source: string;
  summary: string | null;
}

/** The ids of the components above the denied ones: their status changes may name what is hidden. */
export async function ancestorsOf(db: Db, componentIds: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT DISTINCT a.id FROM components c
    CROSS JOIN LATERAL unnest(string_to_array(coalesce(c.path, ''), '.')) AS a(id)
    WHERE c.id = ANY(${[...componentIds]}::uuid[]) AND a.id <> ''`.execute(db);
  return rows.map((row) => row.id);
}

/** The live components of the subtree rooted at `id` (its descendants' paths start with `prefix`) that the caller may read. */
export async function subtreeIds(
  db: Db,
  id: string,
  prefix: string,
  visibility: ComponentVisibility,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT c.id FROM components c WHERE c.deleted_at IS NULL
        AND (c.id = ${id} OR c.path = ${prefix} OR c.path LIKE ${`${prefix}.%`}) AND ${visibleSql(visibility)}
        LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
  return rows.map((row) => row.id);
}

/** The live checks linked to the components, each once. */
export async function checksOf(db: Db, componentIds: readonly string[]): Promise<Array<{ id: string }>> {
  const { rows } = await sql<{ id: string }>`SELECT DISTINCT ON (k.id) r.component_id, k.id, k.name, k.type, k.status,
          k.severity, k.labels, k.last_runtime, k.last_transition_time, k.canary_id
        FROM check_component_relationships r JOIN checks k ON k.id = r.check_id AND k.deleted_at IS NULL
        WHERE r.deleted_at IS NULL AND r.component_id = ANY(${componentIds}::uuid[]) ORDER BY k.id LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(
    db,
  );
  return rows;
}

/** The results of the checks since `from`, newest first; only the packed hours since then are read. */
export async function checkResultsSince(db: Db, checkIds: readonly string[], from: Date): Promise<unknown[]> {
  const { rows } = await sql`SELECT s.check_id, s.time, s.status, s.duration, s.message, s.error
        FROM (SELECT ${from.toISOString()}::timestamptz AS since) w JOIN check_statuses s
          ON s.time >= w.since AND ${sql.raw(timeBlockRangeSql({ alias: 's', from: 'w.since' }))}
        WHERE s.check_id = ANY(${checkIds}::uuid[])
        ORDER BY s.time DESC LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
  return rows;
}

/** The live configuration items linked to the components. */
export async function linkedConfigs(db: Db, componentIds: readonly string[]): Promise<unknown[]> {
  const { rows } = await sql`SELECT l.component_id, ci.id, ci.name, ci.type, ci.health, ci.status, ci.labels,
            ci.tags, ci.updated_at
          FROM component_config_links l JOIN config_items ci ON ci.id = l.config_id AND ci.deleted_at IS NULL
          WHERE l.component_id = ANY(${componentIds}::uuid[]) LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
  return rows;
}

/** The changes of the components since `from`, newest first. */
export async function changesSince(db: Db, componentIds: readonly string[], from: Date): Promise<SnapshotChange[]> {
  const { rows } = await sql<SnapshotChange>`
          SELECT * FROM changes_by_component
          WHERE component_id = ANY(${componentIds}::uuid[]) AND created_at >= ${from.toISOString()}
          ORDER BY created_at DESC LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
  return rows;
}

/** The insights on the components. */
export async function insightsOf(db: Db, componentIds: readonly string[]): Promise<unknown[]> {
  const { rows } = await sql`SELECT * FROM analysis_by_component
          WHERE component_id = ANY(${componentIds}::uuid[]) LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
  return rows;
}

/** The incidents linked to the components. */
export async function incidentsOf(db: Db, componentIds: readonly string[]): Promise<unknown[]> {
  const { rows } = await sql`SELECT * FROM incidents_by_component
          WHERE component_id = ANY(${componentIds}::uuid[]) LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
  return rows;
}
