/**
 * SQL of the slos and slo_burn_alerts tables (migration 0230). Soft-deleted SLOs are invisible; a read
 * for a caller keeps only SLOs on a check or component that caller may read (the data API's rule, via
 * resource-visibility's reach), so a hidden object's SLOs answer as missing ones.
 */
import type { Database } from '@mc/db';
import { sql } from 'kysely';
import { type ResourceReach, reachSql } from '../../platform/resource-visibility.js';

/** An SLO row with the name of its check or component. */
export interface SloRow {
  id: string;
  name: string;
  description: string | null;
  check_id: string | null;
  component_id: string | null;
  target_name: string | null;
  kind: 'availability' | 'latency';
  target: number;
  window_days: number;
  latency_threshold_ms: number | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A stored burn-rate alert state. */
export interface BurnAlertRow {
  alert: string;
  firing: boolean;
  since: Date | null;
}

/** The columns written on create and update. */
export interface SloValues {
  name: string;
  description: string | null;
  check_id: string | null;
  component_id: string | null;
  kind: 'availability' | 'latency';
  target: number;
  window_days: number;
  latency_threshold_ms: number | null;
}

/** Which SLOs a list asks for. */
export interface SloFilter {
  checkId?: string;
  componentId?: string;
  limit: number;
  offset: number;
}

const SELECT = sql`SELECT s.id, s.name, s.description, s.check_id, s.component_id,
    coalesce(k.name, c.name) AS target_name, s.kind, s.target, s.window_days, s.latency_threshold_ms,
    s.created_by, s.created_at, s.updated_at
  FROM slos s
  LEFT JOIN checks k ON k.id = s.check_id
  LEFT JOIN components c ON c.id = s.component_id`;

/** SQL true when the SLO's object is live and `reach` may read it. */
function visible(reach: ResourceReach) {
  return sql<boolean>`s.deleted_at IS NULL
    AND (s.check_id IS NULL OR (k.deleted_at IS NULL AND ${reachSql(reach.check, 'k')}))
    AND (s.component_id IS NULL OR (c.deleted_at IS NULL AND ${reachSql(reach.component, 'c')}))`;
}

/** SQL of SLOs and their alert states. */
export function slosRepo(database: Database) {
  const db = database.db;
  return {
    /** One page of the SLOs `reach` may read, by name, and how many there are. */
    async list(reach: ResourceReach, filter: SloFilter): Promise<{ rows: SloRow[]; total: number }> {
      const { rows } = await sql<SloRow>`${SELECT}
        WHERE ${visible(reach)}
          AND (${filter.checkId ?? null}::uuid IS NULL OR s.check_id = ${filter.checkId ?? null}::uuid)
          AND (${filter.componentId ?? null}::uuid IS NULL OR s.component_id = ${filter.componentId ?? null}::uuid)
        ORDER BY s.name, s.id LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
      const counted = await sql<{ total: number }>`SELECT count(*)::int AS total FROM slos s
        LEFT JOIN checks k ON k.id = s.check_id LEFT JOIN components c ON c.id = s.component_id
        WHERE ${visible(reach)}
          AND (${filter.checkId ?? null}::uuid IS NULL OR s.check_id = ${filter.checkId ?? null}::uuid)
          AND (${filter.componentId ?? null}::uuid IS NULL OR s.component_id = ${filter.componentId ?? null}::uuid)`.execute(
        db,
      );
      return { rows, total: counted.rows[0]?.total ?? 0 };
    },
    /** One SLO `reach` may read. */
    async get(reach: ResourceReach, id: string): Promise<SloRow | undefined> {
      const { rows } = await sql<SloRow>`${SELECT} WHERE s.id = ${id}::uuid AND ${visible(reach)}`.execute(db);
      return rows[0];
    },
    /** Every live SLO on a live object, `after` an id (for the evaluation job's batches). */
    async liveBatch(after: string | null, limit: number): Promise<SloRow[]> {
      const { rows } = await sql<SloRow>`${SELECT}
        WHERE s.deleted_at IS NULL AND (s.check_id IS NULL OR k.deleted_at IS NULL)
          AND (s.component_id IS NULL OR c.deleted_at IS NULL)
          AND (${after}::uuid IS NULL OR s.id > ${after}::uuid)
        ORDER BY s.id LIMIT ${limit}`.execute(db);
      return rows;
    },
    async insert(values: SloValues, createdBy: string | null): Promise<string> {
      const { rows } = await sql<{ id: string }>`INSERT INTO slos (name, description, check_id, component_id, kind,
          target, window_days, latency_threshold_ms, created_by)
        VALUES (${values.name}, ${values.description}, ${values.check_id}, ${values.component_id}, ${values.kind},
          ${values.target}, ${values.window_days}, ${values.latency_threshold_ms}, ${createdBy})
        RETURNING id`.execute(db);
      return rows[0]?.id ?? '';
    },
    async update(id: string, values: SloValues): Promise<boolean> {
      const result = await sql`UPDATE slos SET name = ${values.name}, description = ${values.description},
          kind = ${values.kind}, target = ${values.target}, window_days = ${values.window_days},
          latency_threshold_ms = ${values.latency_threshold_ms}, updated_at = now()
        WHERE id = ${id}::uuid AND deleted_at IS NULL`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
    async softDelete(id: string): Promise<boolean> {
      const result =
        await sql`UPDATE slos SET deleted_at = now() WHERE id = ${id}::uuid AND deleted_at IS NULL`.execute(db);
      await sql`DELETE FROM slo_burn_alerts WHERE slo_id = ${id}::uuid`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
    /** The live checks linked to a component (its SLO counts their runs). */
    async componentCheckIds(componentId: string): Promise<string[]> {
      const { rows } = await sql<{ check_id: string }>`SELECT DISTINCT r.check_id FROM check_component_relationships r
        JOIN checks k ON k.id = r.check_id
        WHERE r.component_id = ${componentId}::uuid AND r.deleted_at IS NULL AND k.deleted_at IS NULL`.execute(db);
      return rows.map((row) => row.check_id);
    },
    /** The stored alert states of an SLO. */
    async alerts(sloId: string): Promise<BurnAlertRow[]> {
      const { rows } = await sql<BurnAlertRow>`SELECT alert, firing, since FROM slo_burn_alerts
        WHERE slo_id = ${sloId}::uuid`.execute(db);
      return rows;
    },
    /** Stores an alert's state as just evaluated. */
    async saveAlert(
      sloId: string,
      alert: { name: string; firing: boolean; longRate: number | null; shortRate: number | null },
    ): Promise<void> {
      await sql`INSERT INTO slo_burn_alerts AS a (slo_id, alert, firing, since, long_rate, short_rate, evaluated_at)
        VALUES (${sloId}::uuid, ${alert.name}, ${alert.firing}, CASE WHEN ${alert.firing} THEN now() END,
          ${alert.longRate}, ${alert.shortRate}, now())
        ON CONFLICT (slo_id, alert) DO UPDATE SET firing = EXCLUDED.firing,
          since = CASE WHEN EXCLUDED.firing THEN coalesce(CASE WHEN a.firing THEN a.since END, now()) END,
          long_rate = EXCLUDED.long_rate, short_rate = EXCLUDED.short_rate, evaluated_at = now()`.execute(db);
    },
    /** Queues the notification event of an alert that started firing. */
    async queueEvent(name: string, properties: Record<string, unknown>): Promise<void> {
      await sql`INSERT INTO event_queue (name, properties) VALUES (${name}, ${JSON.stringify(properties)}::jsonb)
        ON CONFLICT (name, properties) DO NOTHING`.execute(db);
    },
  };
}

/** The repository's type. */
export type SlosRepo = ReturnType<typeof slosRepo>;
