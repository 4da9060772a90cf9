/**
 * SQL of the catalog reads of a build: the first live item a property's `configLookup.config` matches
 * (upstream's FindConfig), the items a `catalog` lookup selects, and the values of a `groupBy` tag — each
 * item with the fields a display reads (the item as a map and its `config` JSON).
 */
import type { Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { parseLabelSelector } from './links.repo.js';

type Db = Kysely<Tables>;

/** What a config lookup asks. */
export interface ConfigQuery {
  id?: string | undefined;
  name?: string | undefined;
  namespace?: string | undefined;
  type?: string | undefined;
  tags?: Record<string, string> | undefined;
  tagSelector?: string | undefined;
  labelSelector?: string | undefined;
}

/** A catalog item as a display reads it. */
export interface LookedUpItem {
  id: string;
  name: string | null;
  namespace: string | null;
  type: string;
  config_class: string;
  status: string | null;
  health: string | null;
  description: string | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
  config: unknown;
  created_at: Date;
  updated_at: Date | null;
}

/** The first live item (by name, then id) the query matches, or undefined. */
export async function firstConfigItem(db: Db, q: ConfigQuery): Promise<LookedUpItem | undefined> {
  const tags = { ...parseLabelSelector(q.tagSelector).equals, ...(q.tags ?? {}) };
  const labels = parseLabelSelector(q.labelSelector).equals;
  const { rows } = await sql<LookedUpItem>`SELECT id, name, namespace, type, config_class, status, health,
      description, labels, tags, config, created_at, updated_at
    FROM config_items
    WHERE deleted_at IS NULL
      AND (${q.id ?? null}::uuid IS NULL OR id = ${q.id ?? null}::uuid)
      AND (${q.type ?? null}::text IS NULL OR type = ${q.type ?? null})
      AND (${q.name ?? null}::text IS NULL OR name = ${q.name ?? null})
      AND (${q.namespace ?? null}::text IS NULL OR namespace = ${q.namespace ?? null})
      AND coalesce(tags, '{}'::jsonb) @> ${JSON.stringify(tags)}::jsonb
      AND coalesce(labels, '{}'::jsonb) @> ${JSON.stringify(labels)}::jsonb
    ORDER BY name, id LIMIT 1`.execute(db);
  return rows[0];
}

/** What a catalog lookup's selector asks (list fields as a comma-separated string or a list). */
export interface CatalogSelector {
  id?: string | undefined;
  name?: string | undefined;
  namespace?: string | undefined;
  types?: string | string[] | undefined;
  statuses?: string | string[] | undefined;
  health?: string | string[] | undefined;
  labelSelector?: string | undefined;
  tagSelector?: string | undefined;
}

const listOf = (value: string | string[] | undefined): string[] | null => {
  const list = (Array.isArray(value) ? value : (value ?? '').split(',')).map((v) => v.trim()).filter(Boolean);
  return list.length > 0 ? list : null;
};

/** The conditions of a catalog selector on `config_items`. */
function selectorWhere(s: CatalogSelector): RawBuilder<unknown> {
  const tags = parseLabelSelector(s.tagSelector).equals;
  const labels = parseLabelSelector(s.labelSelector).equals;
  const types = listOf(s.types);
  const statuses = listOf(s.statuses);
  const health = listOf(s.health);
  return sql`(${s.id ?? null}::uuid IS NULL OR id = ${s.id ?? null}::uuid)
    AND (${s.name ?? null}::text IS NULL OR name = ${s.name ?? null})
    AND (${s.namespace ?? null}::text IS NULL OR namespace = ${s.namespace ?? null})
    AND (${types}::text[] IS NULL OR type = ANY(${types}::text[]))
    AND (${statuses}::text[] IS NULL OR status = ANY(${statuses}::text[]))
    AND (${health}::text[] IS NULL OR health = ANY(${health}::text[]))
    AND coalesce(tags, '{}'::jsonb) @> ${JSON.stringify(tags)}::jsonb
    AND coalesce(labels, '{}'::jsonb) @> ${JSON.stringify(labels)}::jsonb`;
}

/** Live items a catalog lookup's selector matches (by name, then id), at most `limit`. */
export async function selectCatalogItems(db: Db, s: CatalogSelector, limit: number): Promise<LookedUpItem[]> {
  const { rows } = await sql<LookedUpItem>`SELECT id, name, namespace, type, config_class, status, health,
      description, labels, tags, config, created_at, updated_at
    FROM config_items
    WHERE deleted_at IS NULL AND ${selectorWhere(s)}
    ORDER BY name, id LIMIT ${limit}`.execute(db);
  return rows;
}

/** The distinct values of tag `tag` among the live items `s` matches (sorted), at most `limit`. */
export async function distinctTagValues(db: Db, tag: string, s: CatalogSelector, limit: number): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`SELECT DISTINCT tags ->> ${tag} AS value
    FROM config_items
    WHERE deleted_at IS NULL AND tags ->> ${tag} IS NOT NULL AND ${selectorWhere(s)}
    ORDER BY value LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.value);
}
