/**
 * SQL of transformed checks: rows of `checks` with `transformed = true`, in their parent's canary (and
 * agent), whose spec names the parent check (`transformedFrom`) and the entry's delete strategy. They
 * hold results like any check (check_statuses), so the checks API, the summaries and the health pages
 * show them as ordinary checks; the runner never runs them (runnable-checks.repo.ts).
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import type { TransformDeleteStrategy, TransformedEntry } from './transformed-entries.js';

/**
 * Stores an entry's row under its parent: new, or updated (and brought back if it was retired) by
 * canary, type and name. Answers its id, or undefined when a check of the canary's spec holds that type
 * and name (a transformed row never replaces one).
 */
export async function upsertTransformedCheck(
  db: Kysely<Tables>,
  parentId: string,
  entry: TransformedEntry,
): Promise<string | undefined> {
  const spec = {
    name: entry.name,
    transformedFrom: parentId,
    ...(entry.description ? { description: entry.description } : {}),
    ...(entry.deleteStrategy ? { transformDeleteStrategy: entry.deleteStrategy } : {}),
  };
  const id = entry.id ?? null;
  const { rows } = await sql<{ id: string }>`INSERT INTO checks (id, canary_id, agent_id, type, name, namespace,
      description, endpoint, icon, spec, labels, owner, severity, transformed)
    SELECT CASE WHEN ${id}::uuid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM checks WHERE id = ${id}::uuid)
        THEN ${id}::uuid ELSE generate_ulid() END,
      p.canary_id, p.agent_id, ${entry.type}, ${entry.name}, ${entry.namespace}, ${entry.description},
      ${entry.endpoint}, ${entry.icon}, ${JSON.stringify(spec)}::jsonb, ${entry.labels ? JSON.stringify(entry.labels) : null}::jsonb,
      p.owner, p.severity, true
    FROM checks p WHERE p.id = ${parentId} AND p.deleted_at IS NULL
    ON CONFLICT (canary_id, type, name, agent_id) DO UPDATE SET namespace = EXCLUDED.namespace,
      description = EXCLUDED.description, endpoint = EXCLUDED.endpoint, icon = EXCLUDED.icon, spec = EXCLUDED.spec,
      labels = EXCLUDED.labels, transformed = true, deleted_at = NULL
      WHERE checks.transformed OR checks.deleted_at IS NOT NULL
    RETURNING id`.execute(db);
  return rows[0]?.id;
}

/** The live transformed checks of the parent other than `kept`, with the strategy each was stored with. */
export async function staleTransformedChecks(
  db: Kysely<Tables>,
  parentId: string,
  kept: readonly string[],
): Promise<{ id: string; strategy: TransformDeleteStrategy | null }[]> {
  const { rows } = await sql<{ id: string; strategy: TransformDeleteStrategy | null }>`SELECT k.id,
      k.spec ->> 'transformDeleteStrategy' AS strategy
    FROM checks k JOIN checks p ON p.id = ${parentId} AND k.canary_id = p.canary_id
    WHERE k.transformed AND k.deleted_at IS NULL AND k.spec ->> 'transformedFrom' = ${parentId}
      AND NOT (k.id = ANY(${[...kept]}::uuid[]))`.execute(db);
  return rows;
}

/** Soft-deletes transformed checks (at `at`, else now). */
export async function retireTransformedChecks(db: Kysely<Tables>, ids: readonly string[], at?: Date): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE checks SET deleted_at = coalesce(${at?.toISOString() ?? null}::timestamptz, now())
    WHERE id = ANY(${[...ids]}::uuid[]) AND transformed`.execute(db);
}
