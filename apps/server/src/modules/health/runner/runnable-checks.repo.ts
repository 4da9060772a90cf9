/** Reads the live checks a run needs, with their canary's name, namespace and labels. */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import type { RunnableCheck } from './check-runner.js';

const SELECT = sql`SELECT k.id, k.type, k.name, k.spec, k.transformed, k.description, k.endpoint, k.owner, k.severity,
    c.name AS canary_name,
    c.namespace AS canary_namespace, c.labels AS canary_labels, c.id AS canary_id, c.saved_by
  FROM checks k JOIN canaries c ON c.id = k.canary_id`;

/**
 * The live checks of a live canary, by name; none for a canary assigned to a remote agent, nor for a
 * multi-location canary (its locations, agents, run them); no transformed check (its parent's run stores it).
 */
export async function runnableChecksOf(db: Kysely<Tables>, canaryId: string): Promise<RunnableCheck[]> {
  const { rows } = await sql<RunnableCheck>`${SELECT}
    WHERE k.canary_id = ${canaryId} AND k.deleted_at IS NULL AND c.deleted_at IS NULL AND NOT k.transformed
      AND c.agent_id = '00000000-0000-0000-0000-000000000000'
      AND jsonb_typeof(c.spec -> 'locations') IS DISTINCT FROM 'array' ORDER BY k.name`.execute(db);
  return rows;
}

/**
 * One live check of a live canary, or undefined; with its canary's `locations` (the agents that run a
 * multi-location check, null for any other), so Run Now can refuse what this server never runs.
 */
export async function runnableCheck(
  db: Kysely<Tables>,
  checkId: string,
): Promise<(RunnableCheck & { canary_id: string; locations: string[] | null }) | undefined> {
  const { rows } = await sql<RunnableCheck & { canary_id: string; locations: string[] | null }>`SELECT q.*,
      CASE WHEN jsonb_typeof(c.spec -> 'locations') = 'array' THEN c.spec -> 'locations' END AS locations
    FROM (${SELECT} WHERE k.id = ${checkId} AND k.deleted_at IS NULL AND c.deleted_at IS NULL) q
    JOIN canaries c ON c.id = q.canary_id`.execute(db);
  return rows[0];
}
