/** The checks the health summary lists (summary.service.ts), with their canary's name and merged labels. */
import type { Database } from '@mc/db';

/** A listed check: its own fields, its canary's name, and the canary's labels merged under its own. */
export interface CheckSummaryRow {
  id: string;
  canary_id: string;
  canary_name: string;
  name: string;
  type: string;
  namespace: string | null;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  status: string | null;
  severity: string | null;
  owner: string | null;
  labels: Record<string, string> | null;
  last_runtime: string | null;
  last_transition_time: string | null;
  next_runtime: string | null;
}

/** Which live checks the summary lists, and in which order. */
export interface SummaryChecksFilter {
  /** Canaries whose checks the caller may not see. */
  deniedCanaries: readonly string[];
  /** Checks the caller may not see. */
  deniedChecks: readonly string[];
  /** Only this check. */
  checkId?: string | undefined;
  /** Labels the merged canary and check labels must contain. */
  labels?: Record<string, string> | undefined;
  /** By name descending (else ascending), the id breaking ties. */
  descending: boolean;
}

/** The live checks of live canaries matching the filter. */
export async function listSummaryChecks(database: Database, filter: SummaryChecksFilter): Promise<CheckSummaryRow[]> {
  const params: unknown[] = [];
  const where = ['k.deleted_at IS NULL', 'c.deleted_at IS NULL'];
  if (filter.deniedCanaries.length > 0) {
    params.push(filter.deniedCanaries);
    where.push(`k.canary_id <> ALL($${params.length}::uuid[])`);
  }
  if (filter.deniedChecks.length > 0) {
    params.push(filter.deniedChecks);
    where.push(`k.id <> ALL($${params.length}::uuid[])`);
  }
  if (filter.checkId) {
    params.push(filter.checkId);
    where.push(`k.id = $${params.length}`);
  }
  if (filter.labels && Object.keys(filter.labels).length > 0) {
    params.push(JSON.stringify(filter.labels));
    where.push(`(coalesce(c.labels, '{}') || coalesce(k.labels, '{}')) @> $${params.length}::jsonb`);
  }
  const order = filter.descending ? 'DESC' : 'ASC';
  const { rows } = await database.pool.query<CheckSummaryRow>(
    `SELECT k.id, k.canary_id, c.name AS canary_name, k.name, k.type, k.namespace, k.description, k.endpoint, k.icon,
       k.status, k.severity, k.owner,
       nullif(coalesce(c.labels, '{}') || coalesce(k.labels, '{}'), '{}'::jsonb) AS labels, k.last_runtime, k.last_transition_time, k.next_runtime
     FROM checks k JOIN canaries c ON c.id = k.canary_id
     WHERE ${where.join(' AND ')} ORDER BY k.name ${order}, k.id`,
    params,
  );
  return rows;
}
