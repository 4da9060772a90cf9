/**
 * The SQL of a scrape's access entries (migration 0170): set-based reads and upserts of external users,
 * groups and roles, memberships, config access and access logs, each one statement over a
 * `jsonb_to_recordset` batch, run on the client holding the access save's transaction.
 */
import type pg from 'pg';
import { runQuery } from '../../jobs/index.js';

/** Where the statements run: the client of the access save's transaction. */
export type AccessSql = pg.PoolClient;

/** The three identity tables and their own type column. */
export const IDENTITY_TABLES = {
  users: { table: 'external_users', typeColumn: 'user_type' },
  groups: { table: 'external_groups', typeColumn: 'group_type' },
  roles: { table: 'external_roles', typeColumn: 'role_type' },
} as const;

/** One of the identity kinds. */
export type IdentityKind = keyof typeof IDENTITY_TABLES;

/** An identity row to write: aliases normalised, id resolved. */
export interface IdentityWrite {
  id: string;
  aliases: string[];
  name: string;
  account_id: string;
  type: string;
  email: string | null;
  description: string | null;
}

/** An identity as stored: its id, aliases and whether it is live. */
export interface StoredIdentity {
  id: string;
  aliases: string[] | null;
  live: boolean;
}

/** Rows of `kind` whose aliases overlap `aliases` (live only) or whose id is among `ids` (live or not). */
export function findIdentities(
  sql: AccessSql,
  kind: IdentityKind,
  aliases: readonly string[],
  ids: readonly string[],
): Promise<StoredIdentity[]> {
  const { table } = IDENTITY_TABLES[kind];
  return runQuery<StoredIdentity>(
    sql,
    `SELECT id, aliases, deleted_at IS NULL AS live FROM ${table}
      WHERE (deleted_at IS NULL AND aliases && $1::text[]) OR id = ANY($2::uuid[])
      ORDER BY created_at, id`,
    [aliases, ids],
  );
}

const COLUMNS = {
  users: { extra: 'email', value: 'r.email' },
  groups: { extra: null, value: null },
  roles: { extra: 'description', value: 'r.description' },
} as const;

/**
 * Inserts or updates identities by id: an update takes the scraped name, account and type, adds the
 * scraped aliases to the stored ones and revives a soft-deleted row, as upstream's merge does.
 */
export async function upsertIdentities(
  sql: AccessSql,
  kind: IdentityKind,
  scraperId: string,
  rows: readonly IdentityWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  const { table, typeColumn } = IDENTITY_TABLES[kind];
  const { extra, value } = COLUMNS[kind];
  const extraInsert = extra ? `, ${extra}` : '';
  const extraValue = value ? `, ${value}` : '';
  const extraUpdate = extra ? `, ${extra} = EXCLUDED.${extra}` : '';
  await sql.query(
    `INSERT INTO ${table} AS t (id, aliases, name, account_id, ${typeColumn}, scraper_id, created_at, updated_at${extraInsert})
     SELECT r.id, NULLIF(r.aliases, '{}'), r.name, r.account_id, r.type, $1, now(), now()${extraValue}
       FROM jsonb_to_recordset($2::jsonb)
         AS r(id uuid, aliases text[], name text, account_id text, type text, email text, description text)
     ON CONFLICT (id) DO UPDATE SET
       aliases = NULLIF(ARRAY(SELECT DISTINCT a FROM unnest(coalesce(t.aliases, '{}') || coalesce(EXCLUDED.aliases, '{}')) a
                              ORDER BY 1), '{}'),
       name = EXCLUDED.name, account_id = EXCLUDED.account_id, ${typeColumn} = EXCLUDED.${typeColumn},
       updated_at = now(), deleted_at = NULL${extraUpdate}`,
    [scraperId, JSON.stringify(rows)],
  );
}

/**
 * Rows for ids an entry names that no row has, so the entry's foreign key holds (upstream's stubs):
 * named after the id, type `Stub`.
 */
export async function insertStubs(
  sql: AccessSql,
  kind: IdentityKind,
  scraperId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const { table, typeColumn } = IDENTITY_TABLES[kind];
  await sql.query(
    `INSERT INTO ${table} (id, name, aliases, scraper_id, ${typeColumn}, created_at, updated_at)
     SELECT i, i::text, NULL, $1, 'Stub', now(), now() FROM unnest($2::uuid[]) AS i
     ON CONFLICT DO NOTHING`,
    [scraperId, ids],
  );
}

/** A membership to keep. */
export interface MembershipWrite {
  external_user_id: string;
  external_group_id: string;
}

/** Adds (or revives) the scraper's memberships. */
export async function upsertMemberships(
  sql: AccessSql,
  scraperId: string,
  rows: readonly MembershipWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql.query(
    `INSERT INTO external_user_groups AS t (external_user_id, external_group_id, scraper_id, created_at)
     SELECT r.external_user_id, r.external_group_id, $1, now()
       FROM jsonb_to_recordset($2::jsonb) AS r(external_user_id uuid, external_group_id uuid)
     ON CONFLICT (external_user_id, external_group_id, scraper_id) DO UPDATE SET deleted_at = NULL
       WHERE t.deleted_at IS NOT NULL`,
    [scraperId, JSON.stringify(rows)],
  );
}

/** Soft-deletes the scraper's live memberships not among `keep`; answers how many. */
export async function removeStaleMemberships(
  sql: AccessSql,
  scraperId: string,
  keep: readonly MembershipWrite[],
): Promise<number> {
  const result = await sql.query(
    `UPDATE external_user_groups g SET deleted_at = now()
      WHERE g.scraper_id = $1 AND g.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS r(external_user_id uuid, external_group_id uuid)
                         WHERE r.external_user_id = g.external_user_id AND r.external_group_id = g.external_group_id)`,
    [scraperId, JSON.stringify(keep)],
  );
  return result.rowCount ?? 0;
}

/** A config reference to look up: by external id (and type) among one scraper's items, or all (`all`). */
export interface ConfigLookup {
  key: string;
  external_id: string;
  config_type: string | null;
  scraper: string;
}

/** The newest live item for each lookup (config-db's ExternalID.Find); answers id by lookup key. */
export async function findConfigs(sql: AccessSql, lookups: readonly ConfigLookup[]): Promise<Map<string, string>> {
  if (lookups.length === 0) return new Map();
  const rows = await runQuery<{ key: string; id: string }>(
    sql,
    `SELECT r.key, c.id FROM jsonb_to_recordset($1::jsonb) AS r(key text, external_id text, config_type text, scraper text)
      CROSS JOIN LATERAL (
        SELECT ci.id FROM config_items ci
         WHERE ci.deleted_at IS NULL AND ci.external_id && ARRAY[r.external_id, lower(r.external_id)]
           AND (r.config_type IS NULL OR ci.type = r.config_type)
           AND (r.scraper = 'all' OR ci.scraper_id = r.scraper::uuid)
         ORDER BY ci.updated_at DESC LIMIT 1) c`,
    [JSON.stringify(lookups)],
  );
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** Which of `ids` are live config items. */
export async function liveConfigIds(sql: AccessSql, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await runQuery<{ id: string }>(
    sql,
    'SELECT id FROM config_items WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL',
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** A config access row to keep. */
export interface AccessWrite {
  id: string;
  source: string | null;
  config_id: string;
  external_user_id: string | null;
  external_group_id: string | null;
  external_role_id: string | null;
}

/** A row added or removed, with the names of its principals (for the change summary). */
export interface AccessTouched {
  config_id: string;
  user_name: string | null;
  group_name: string | null;
  role_name: string | null;
}

const RECORD =
  'id text, source text, config_id uuid, external_user_id uuid, external_group_id uuid, external_role_id uuid';
const NAMES = `LEFT JOIN external_users eu ON eu.id = x.external_user_id
  LEFT JOIN external_groups eg ON eg.id = x.external_group_id
  LEFT JOIN external_roles er ON er.id = x.external_role_id`;
const SAME = `r.config_id = c.config_id AND r.external_user_id IS NOT DISTINCT FROM c.external_user_id
  AND r.external_group_id IS NOT DISTINCT FROM c.external_group_id
  AND r.external_role_id IS NOT DISTINCT FROM c.external_role_id`;

/**
 * Inserts new access rows and revives soft-deleted ones by id (an entry already live under another id
 * is left as it is); answers the rows added or revived.
 */
export function upsertAccess(
  sql: AccessSql,
  scraperId: string,
  rows: readonly AccessWrite[],
): Promise<AccessTouched[]> {
  return runQuery<AccessTouched>(
    sql,
    `WITH x AS (
       INSERT INTO config_access AS t (id, config_id, external_user_id, external_group_id, external_role_id, scraper_id,
                                       source, created_at)
       SELECT r.id, r.config_id, r.external_user_id, r.external_group_id, r.external_role_id, $1, r.source, now()
         FROM jsonb_to_recordset($2::jsonb) AS r(${RECORD})
        WHERE NOT EXISTS (SELECT 1 FROM config_access c WHERE c.deleted_at IS NULL AND c.id <> r.id AND ${SAME})
       ON CONFLICT (id) DO UPDATE SET deleted_at = NULL, deleted_by = NULL WHERE t.deleted_at IS NOT NULL
       RETURNING t.config_id, t.external_user_id, t.external_group_id, t.external_role_id)
     SELECT x.config_id, eu.name AS user_name, eg.name AS group_name, er.name AS role_name FROM x ${NAMES}`,
    [scraperId, JSON.stringify(rows)],
  );
}

/** Soft-deletes the scraper's live access rows matching none of `keep`; answers them. */
export function removeStaleAccess(
  sql: AccessSql,
  scraperId: string,
  keep: readonly AccessWrite[],
): Promise<AccessTouched[]> {
  return runQuery<AccessTouched>(
    sql,
    `WITH x AS (
       UPDATE config_access c SET deleted_at = now()
        WHERE c.scraper_id = $1 AND c.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS r(${RECORD}) WHERE ${SAME})
       RETURNING c.config_id, c.external_user_id, c.external_group_id, c.external_role_id)
     SELECT x.config_id, eu.name AS user_name, eg.name AS group_name, er.name AS role_name FROM x ${NAMES}`,
    [scraperId, JSON.stringify(keep)],
  );
}

/** An access log row to write; `created_at` null when the source gave no time. */
export interface AccessLogWrite {
  config_id: string;
  external_user_id: string;
  mfa: boolean | null;
  properties: Record<string, unknown> | null;
  count: number | null;
  created_at: string | null;
}

/**
 * Upserts access logs by (config, user, scraper), as config-db does: a newer sighting replaces the time,
 * MFA and properties and adds one to the count; an older or untimed one changes nothing.
 */
export async function upsertAccessLogs(
  sql: AccessSql,
  scraperId: string,
  rows: readonly AccessLogWrite[],
): Promise<void> {
  const timed = rows.filter((row) => row.created_at !== null);
  if (timed.length > 0)
    await sql.query(
      `INSERT INTO config_access_logs AS t (config_id, external_user_id, scraper_id, mfa, properties, count, created_at)
     SELECT r.config_id, r.external_user_id, $1, r.mfa, r.properties, coalesce(r.count, 1), coalesce(r.created_at, now())
       FROM jsonb_to_recordset($2::jsonb)
         AS r(config_id uuid, external_user_id uuid, mfa boolean, properties jsonb, count integer, created_at timestamptz)
     ON CONFLICT (config_id, external_user_id, scraper_id) DO UPDATE SET
       created_at = EXCLUDED.created_at, mfa = EXCLUDED.mfa, properties = EXCLUDED.properties, count = t.count + 1
       WHERE EXCLUDED.created_at > t.created_at`,
      [scraperId, JSON.stringify(timed)],
    );
  const untimed = rows.filter((row) => row.created_at === null);
  if (untimed.length === 0) return;
  await sql.query(
    `INSERT INTO config_access_logs (config_id, external_user_id, scraper_id, mfa, properties, count, created_at)
     SELECT r.config_id, r.external_user_id, $1, r.mfa, r.properties, coalesce(r.count, 1), now()
       FROM jsonb_to_recordset($2::jsonb)
         AS r(config_id uuid, external_user_id uuid, mfa boolean, properties jsonb, count integer)
     ON CONFLICT (config_id, external_user_id, scraper_id) DO NOTHING`,
    [scraperId, JSON.stringify(untimed)],
  );
}
