/**
 * config_changes writes of the scrape engine: a change whose fingerprint matches a row of the same item
 * last observed within the dedup window is counted on that row (count + 1, last_observed = now) in the
 * same statement that would otherwise insert it, so a change seen again is never a second row.
 */
import { type Executor, runQuery } from '../../jobs/index.js';

/** A change to record. */
export interface ChangeWrite {
  config_id: string;
  change_type: string;
  severity: string;
  source: string;
  summary: string;
  diff: string | null;
  patches: unknown;
  details: unknown;
  fingerprint: string;
}

/** Inserts a change or counts it on its twin within `windowMs`; returns whether a new row was written. */
export async function recordChange(executor: Executor, change: ChangeWrite, windowMs: number): Promise<boolean> {
  const rows = await runQuery<{ inserted: boolean }>(
    executor,
    `WITH twin AS (
       SELECT id FROM config_changes
        WHERE config_id = $1 AND fingerprint = $9 AND last_observed > now() - $10::bigint * interval '1 millisecond'
        ORDER BY last_observed DESC LIMIT 1
     ), counted AS (
       UPDATE config_changes SET count = count + 1, last_observed = now()
        WHERE id IN (SELECT id FROM twin) RETURNING id
     ), inserted AS (
       INSERT INTO config_changes (config_id, change_type, severity, source, summary, diff, patches, details,
                                   fingerprint, count, first_observed, last_observed)
       SELECT $1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, 1, now(), now()
        WHERE NOT EXISTS (SELECT 1 FROM twin)
       RETURNING id
     )
     SELECT EXISTS (SELECT 1 FROM inserted) AS inserted`,
    [
      change.config_id,
      change.change_type,
      change.severity,
      change.source,
      change.summary,
      change.diff,
      change.patches == null ? null : JSON.stringify(change.patches),
      change.details == null ? null : JSON.stringify(change.details),
      change.fingerprint,
      Math.max(0, Math.round(windowMs)),
    ],
  );
  return rows[0]?.inserted === true;
}

/** Deletes changes older than `ageMs` (at most `limit` per call); returns how many went. */
export async function deleteChangesOlderThan(executor: Executor, ageMs: number, limit: number): Promise<number> {
  const rows = await runQuery<{ n: number }>(
    executor,
    `WITH gone AS (
       DELETE FROM config_changes WHERE id IN (
         SELECT id FROM config_changes
          WHERE created_at < now() - $1::bigint * interval '1 millisecond' LIMIT $2)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [Math.round(ageMs), limit],
  );
  return rows[0]?.n ?? 0;
}

/** Keeps each item's newest `keep` changes, deleting older ones of items over it; returns how many went. */
export async function deleteChangesOverCount(executor: Executor, keep: number, limit: number): Promise<number> {
  const rows = await runQuery<{ n: number }>(
    executor,
    `WITH heavy AS (
       SELECT config_id FROM config_changes GROUP BY config_id HAVING count(*) > $1 LIMIT 1000
     ), ranked AS (
       SELECT c.id, row_number() OVER (PARTITION BY c.config_id ORDER BY c.created_at DESC, c.id DESC) AS n
         FROM config_changes c WHERE c.config_id IN (SELECT config_id FROM heavy)
     ), gone AS (
       DELETE FROM config_changes WHERE id IN (SELECT id FROM ranked WHERE n > $1 LIMIT $2) RETURNING 1
     )
     SELECT count(*)::int AS n FROM gone`,
    [keep, limit],
  );
  return rows[0]?.n ?? 0;
}

/** Deletes a scraper's changes of one type beyond its `retention.changes` rule (age and/or count). */
export async function applyScraperChangeRule(
  executor: Executor,
  scraperId: string,
  rule: { name: string; ageMs?: number; count?: number },
): Promise<number> {
  const rows = await runQuery<{ n: number }>(
    executor,
    `WITH ranked AS (
       SELECT c.id, c.created_at,
              row_number() OVER (PARTITION BY c.config_id ORDER BY c.created_at DESC, c.id DESC) AS n
         FROM config_changes c JOIN config_items i ON i.id = c.config_id
        WHERE i.scraper_id = $1 AND c.change_type = $2
     ), gone AS (
       DELETE FROM config_changes WHERE id IN (
         SELECT id FROM ranked
          WHERE ($3::bigint IS NOT NULL AND created_at < now() - $3::bigint * interval '1 millisecond')
             OR ($4::int IS NOT NULL AND n > $4::int))
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [scraperId, rule.name, rule.ageMs ?? null, rule.count ?? null],
  );
  return rows[0]?.n ?? 0;
}
