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

/**
 * Keeps each item's newest `keep` changes, deleting older ones of items over it; returns how many went. The
 * items over it are read from their kept counters (migration 0245), not by grouping every change.
 */
export async function deleteChangesOverCount(executor: Executor, keep: number, limit: number): Promise<number> {
  const rows = await runQuery<{ n: number }>(
    executor,
    `WITH heavy AS (
       SELECT config_id FROM config_change_counts WHERE count > $1 LIMIT 1000
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

/** A change a scraped document reported (full mode), ready to store. */
export interface ScrapedChangeWrite {
  config_id: string;
  external_change_id: string | null;
  external_created_by: string | null;
  change_type: string;
  severity: string;
  source: string;
  summary: string | null;
  diff: string | null;
  patches: unknown;
  details: unknown;
  fingerprint: string;
  created_at: string | null;
}

/**
 * Stores reported changes once: one already stored for the same item and fingerprint, or with the same
 * `external_change_id`, is left as it is, so a re-scrape of the same document adds nothing. Returns how
 * many rows were written.
 */
export async function insertScrapedChanges(executor: Executor, rows: readonly ScrapedChangeWrite[]): Promise<number> {
  const written = await runQuery<{ id: string }>(
    executor,
    `INSERT INTO config_changes (config_id, external_change_id, external_created_by, change_type, severity, source,
                                 summary, diff, patches, details, fingerprint, count, created_at, first_observed,
                                 last_observed)
     SELECT r.config_id, r.external_change_id, r.external_created_by, r.change_type, r.severity, r.source, r.summary,
            r.diff, r.patches, r.details, r.fingerprint, 1, coalesce(r.created_at, now()), now(), now()
       FROM jsonb_to_recordset($1::jsonb) AS r(config_id uuid, external_change_id text, external_created_by text,
            change_type text, severity text, source text, summary text, diff text, patches jsonb, details jsonb,
            fingerprint text, created_at timestamptz)
      WHERE NOT EXISTS (SELECT 1 FROM config_changes c WHERE c.config_id = r.config_id AND c.fingerprint = r.fingerprint)
     ON CONFLICT (external_change_id) WHERE external_change_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [JSON.stringify(rows)],
  );
  return written.length;
}
