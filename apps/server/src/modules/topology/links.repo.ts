/**
 * Check and config links of a topology's components: the checks and catalog items a selector matches,
 * and the sync of the link rows (new ones added, vanished ones soft-deleted, manual config links kept).
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Tables>;

/** Most checks or configs one selector links. */
export const MAX_LINKS_PER_SELECTOR = 1000;

/** A parsed `k=v,k2` label selector: pairs that must match, keys that must exist. */
export interface LabelMatch {
  equals: Record<string, string>;
  exists: string[];
}

/** Parses `k=v,k2=v2,k3` (`==` accepted); whitespace around parts ignored. */
export function parseLabelSelector(text: string | undefined): LabelMatch {
  const match: LabelMatch = { equals: {}, exists: [] };
  for (const part of (text ?? '').split(',')) {
    const term = part.trim();
    if (!term) continue;
    const [key, ...rest] = term.split(/==?/);
    if (rest.length === 0) match.exists.push(term);
    else if (key?.trim()) match.equals[key.trim()] = rest.join('=').trim();
  }
  return match;
}

/** What a check selector asks. */
export interface CheckSelector {
  name?: string | undefined;
  namespace?: string | undefined;
  types?: string | string[] | undefined;
  labelSelector?: string | undefined;
}

/** Live checks matching a selector (labels of the check and of its canary, check labels winning). */
export async function matchChecks(db: Db, s: CheckSelector): Promise<{ check_id: string; canary_id: string }[]> {
  const labels = parseLabelSelector(s.labelSelector);
  const types = (Array.isArray(s.types) ? s.types : (s.types ?? '').split(',')).map((t) => t.trim()).filter(Boolean);
  const { rows } = await sql<{ check_id: string; canary_id: string }>`SELECT k.id AS check_id, k.canary_id
    FROM checks k JOIN canaries c ON c.id = k.canary_id AND c.deleted_at IS NULL
    WHERE k.deleted_at IS NULL
      AND (${s.name ?? null}::text IS NULL OR k.name = ${s.name ?? null})
      AND (${s.namespace ?? null}::text IS NULL OR c.namespace = ${s.namespace ?? null})
      AND (${types.length === 0} OR k.type = ANY(${types}::text[]))
      AND (coalesce(c.labels, '{}'::jsonb) || coalesce(k.labels, '{}'::jsonb)) @> ${JSON.stringify(labels.equals)}::jsonb
      AND (coalesce(c.labels, '{}'::jsonb) || coalesce(k.labels, '{}'::jsonb)) ?& ${labels.exists}::text[]
    ORDER BY k.name, k.id LIMIT ${MAX_LINKS_PER_SELECTOR}`.execute(db);
  return rows;
}

/** What a config selector asks. */
export interface ConfigSelector {
  id?: string | undefined;
  type?: string | undefined;
  name?: string | undefined;
  namespace?: string | undefined;
  labels?: Record<string, string> | undefined;
  tagSelector?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A catalog item a config selector or lookup matched. */
export interface MatchedConfig {
  id: string;
  name: string | null;
  type: string;
  health: string | null;
  labels: Record<string, string> | null;
}

/** Live catalog items matching a selector. */
export async function matchConfigs(db: Db, s: ConfigSelector): Promise<MatchedConfig[]> {
  if (s.id !== undefined && !UUID.test(s.id)) return [];
  const tags = parseLabelSelector(s.tagSelector);
  const { rows } = await sql<MatchedConfig>`SELECT id, name, type, health, labels FROM config_items
    WHERE deleted_at IS NULL
      AND (${s.id ?? null}::uuid IS NULL OR id = ${s.id ?? null}::uuid)
      AND (${s.type ?? null}::text IS NULL OR type = ${s.type ?? null})
      AND (${s.name ?? null}::text IS NULL OR name = ${s.name ?? null})
      AND (${s.namespace ?? null}::text IS NULL OR namespace = ${s.namespace ?? null})
      AND coalesce(labels, '{}'::jsonb) @> ${JSON.stringify(s.labels ?? {})}::jsonb
      AND coalesce(tags, '{}'::jsonb) @> ${JSON.stringify(tags.equals)}::jsonb
    ORDER BY name, id LIMIT ${MAX_LINKS_PER_SELECTOR}`.execute(db);
  return rows;
}

/** One wanted check link. */
export interface CheckLink {
  component_id: string;
  check_id: string;
  canary_id: string;
  selector_id: string;
}

/** Makes the topology's check links exactly `wanted`: adds or revives the missing, soft-deletes the rest. */
export async function syncCheckLinks(db: Db, topologyId: string, wanted: readonly CheckLink[]): Promise<void> {
  await sql`UPDATE check_component_relationships r SET deleted_at = now()
    FROM components c
    WHERE c.id = r.component_id AND c.topology_id = ${topologyId} AND r.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
        AS w(component_id uuid, check_id uuid, canary_id uuid, selector_id text)
        WHERE w.component_id = r.component_id AND w.check_id = r.check_id AND w.canary_id = r.canary_id
          AND w.selector_id = r.selector_id)`.execute(db);
  if (wanted.length === 0) return;
  await sql`INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id)
    SELECT w.component_id, w.check_id, w.canary_id, w.selector_id
    FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
      AS w(component_id uuid, check_id uuid, canary_id uuid, selector_id text)
    WHERE NOT EXISTS (SELECT 1 FROM check_component_relationships r WHERE r.component_id = w.component_id
      AND r.check_id = w.check_id AND r.canary_id = w.canary_id AND r.selector_id = w.selector_id AND r.deleted_at IS NULL)
    ON CONFLICT (component_id, check_id, canary_id, selector_id) DO UPDATE SET deleted_at = NULL`.execute(db);
}

/** One wanted config link. */
export interface ConfigLink {
  component_id: string;
  config_id: string;
  selector_id: string;
}

/**
 * Makes the topology's config links from selectors exactly `wanted`; links a person made by hand
 * (selector_id 'manual', the console's POST) are never removed here.
 */
export async function syncConfigLinks(db: Db, topologyId: string, wanted: readonly ConfigLink[]): Promise<void> {
  await sql`UPDATE config_component_relationships r SET deleted_at = now()
    FROM components c
    WHERE c.id = r.component_id AND c.topology_id = ${topologyId} AND r.deleted_at IS NULL AND r.selector_id <> 'manual'
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
        AS w(component_id uuid, config_id uuid, selector_id text)
        WHERE w.component_id = r.component_id AND w.config_id = r.config_id)`.execute(db);
  if (wanted.length === 0) return;
  await sql`INSERT INTO config_component_relationships (component_id, config_id, selector_id)
    SELECT DISTINCT ON (w.component_id, w.config_id) w.component_id, w.config_id, w.selector_id
    FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS w(component_id uuid, config_id uuid, selector_id text)
    WHERE NOT EXISTS (SELECT 1 FROM config_component_relationships r WHERE r.component_id = w.component_id
      AND r.config_id = w.config_id AND r.deleted_at IS NULL)
    ON CONFLICT (component_id, config_id) DO UPDATE SET deleted_at = NULL`.execute(db);
}

/** The live checks of the canaries (a component's inline checks). */
export async function checksOfCanaries(
  db: Db,
  canaryIds: readonly string[],
): Promise<{ check_id: string; canary_id: string }[]> {
  const { rows } = await sql<{ check_id: string; canary_id: string }>`SELECT id AS check_id, canary_id
              FROM checks WHERE canary_id = ANY(${canaryIds}::uuid[]) AND deleted_at IS NULL`.execute(db);
  return rows;
}

/** The live check links of the components. */
export async function checkLinksOf(db: Db, componentIds: readonly string[]): Promise<CheckLink[]> {
  const { rows } = await sql<CheckLink>`SELECT component_id, check_id, canary_id, selector_id
      FROM check_component_relationships WHERE deleted_at IS NULL
        AND component_id = ANY(${componentIds}::uuid[])`.execute(db);
  return rows;
}

/** The live config links of the components. */
export async function configLinksOf(db: Db, componentIds: readonly string[]): Promise<ConfigLink[]> {
  const { rows } = await sql<ConfigLink>`SELECT component_id, config_id, selector_id
      FROM config_component_relationships WHERE deleted_at IS NULL
        AND component_id = ANY(${componentIds}::uuid[])`.execute(db);
  return rows;
}
