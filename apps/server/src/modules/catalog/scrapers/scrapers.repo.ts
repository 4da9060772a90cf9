/**
 * config_scrapers SQL, plus the reads the scrapers pages need (items per scraper, recent runs).
 * Soft-delete aware: a deleted scraper is not listed, found or run.
 */
import { type Executor, runQuery } from '../../jobs/index.js';

/** A config_scrapers row. */
export interface ScraperRow {
  id: string;
  name: string;
  namespace: string;
  description: string | null;
  spec: Record<string, unknown> | null;
  source: string;
  /** The agent that runs it (the all-zero id: this server). */
  agent_id: string;
  created_by: string | null;
  /** Whose rights its connections are resolved with (connections/connection-access.ts); null: the system. */
  saved_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** Fields a write sets. */
export interface ScraperWrite {
  name: string;
  namespace: string;
  description: string | null;
  spec: unknown;
  source: string;
  createdBy: string | null;
}

const COLUMNS =
  'id, name, namespace, description, spec, source, agent_id, created_by, saved_by, created_at, updated_at, deleted_at';

/** A live scraper by id (undefined for a malformed id too). */
export async function findScraper(executor: Executor, id: string): Promise<ScraperRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const rows = await runQuery<ScraperRow>(
    executor,
    `SELECT ${COLUMNS} FROM config_scrapers WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0];
}

/** A live scraper by namespace and name. */
export async function findScraperByName(
  executor: Executor,
  namespace: string,
  name: string,
): Promise<ScraperRow | undefined> {
  const rows = await runQuery<ScraperRow>(
    executor,
    `SELECT ${COLUMNS} FROM config_scrapers WHERE namespace = $1 AND name = $2 AND deleted_at IS NULL`,
    [namespace, name],
  );
  return rows[0];
}

/** Live scrapers by name, with how many live items each has and its latest finished run. */
export function listScrapers(executor: Executor): Promise<(ScraperRow & { items: number; last_run: unknown })[]> {
  return runQuery(
    executor,
    `SELECT s.id, s.name, s.namespace, s.description, s.spec, s.source, s.agent_id, s.created_by, s.saved_by, s.created_at, s.updated_at,
            s.deleted_at,
            (SELECT count(*)::int FROM config_items i WHERE i.scraper_id = s.id AND i.deleted_at IS NULL) AS items,
            (SELECT to_jsonb(h) FROM (
               SELECT id, status, time_start, time_end, duration_millis, success_count, error_count, details
                 FROM job_history
                WHERE resource_type = 'config_scraper' AND resource_id = s.id::text AND status <> 'RUNNING'
                ORDER BY time_start DESC LIMIT 1) h) AS last_run
       FROM config_scrapers s WHERE s.deleted_at IS NULL ORDER BY s.name, s.namespace`,
  );
}

/** The scraper's latest runs (a running one first, with its progress). */
export function recentRuns(executor: Executor, id: string, limit: number): Promise<Record<string, unknown>[]> {
  return runQuery(
    executor,
    `SELECT id, name, status, time_start, time_end, duration_millis, success_count, error_count, details, hostname
       FROM job_history WHERE resource_type = 'config_scraper' AND resource_id = $1
      ORDER BY time_start DESC LIMIT $2`,
    [id, limit],
  );
}

/** How many live items the scraper has, by type. */
export function itemCounts(executor: Executor, id: string): Promise<{ type: string; count: number }[]> {
  return runQuery(
    executor,
    `SELECT type, count(*)::int AS count FROM config_items WHERE scraper_id = $1 AND deleted_at IS NULL
      GROUP BY type ORDER BY type`,
    [id],
  );
}

/** Inserts a scraper; undefined when a live one of that namespace and name exists. */
export async function insertScraper(executor: Executor, write: ScraperWrite): Promise<ScraperRow | undefined> {
  const rows = await runQuery<ScraperRow>(
    executor,
    `INSERT INTO config_scrapers (name, namespace, description, spec, source, created_by)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6)
     ON CONFLICT (namespace, name) WHERE deleted_at IS NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [write.name, write.namespace, write.description, JSON.stringify(write.spec), write.source, write.createdBy],
  );
  return rows[0];
}

/** Replaces a live scraper's document. */
export async function updateScraper(
  executor: Executor,
  id: string,
  write: Omit<ScraperWrite, 'createdBy'>,
): Promise<ScraperRow | undefined> {
  const rows = await runQuery<ScraperRow>(
    executor,
    `UPDATE config_scrapers SET name = $2, namespace = $3, description = $4, spec = $5::jsonb, source = $6
      WHERE id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [id, write.name, write.namespace, write.description, JSON.stringify(write.spec), write.source],
  );
  return rows[0];
}

/** Soft-deletes a scraper and its live items (reason: the scraper was deleted). */
export async function softDeleteScraper(executor: Executor, id: string): Promise<void> {
  await runQuery(executor, 'UPDATE config_scrapers SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL', [id]);
  await runQuery(
    executor,
    `UPDATE config_items SET deleted_at = now(), delete_reason = 'Scraper deleted'
      WHERE scraper_id = $1 AND deleted_at IS NULL`,
    [id],
  );
}

/** Whether a scraper of that name in source System exists, live or deleted. */
export async function systemScraperExists(executor: Executor, name: string): Promise<boolean> {
  const rows = await runQuery(executor, "SELECT 1 FROM config_scrapers WHERE name = $1 AND source = 'System' LIMIT 1", [
    name,
  ]);
  return rows.length > 0;
}
