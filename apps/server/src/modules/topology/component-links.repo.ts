/**
 * Component selectors (`selectors:` of a component, duty's ResourceSelector for components): the live
 * components a selector matches, and the sync of `component_relationships` (relationship_id the
 * selecting component, component_id the selected one, as upstream stores them).
 */
import type { ComponentSelector } from '@mc/contracts';
import { COMPONENT_SELECTOR_FIELDS } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { MAX_LINKS_PER_SELECTOR, parseLabelSelector } from './links.repo.js';
import { parseFieldSelector } from './spec/field-selector.js';

type Db = Kysely<Tables>;

const list = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : (value ?? '').split(',')).map((entry) => entry.trim()).filter(Boolean);

/** The column a field selector's field compares; a component's namespace is its topology's when unset. */
function fieldColumn(field: string): RawBuilder<unknown> {
  if (field === 'namespace') return sql`coalesce(c.namespace, t.namespace)`;
  return sql.ref(`c.${field}`);
}

/** Live components (of any topology) a selector matches, the selecting component left out. */
export async function matchComponents(db: Db, s: ComponentSelector, selfId: string): Promise<string[]> {
  const labels = parseLabelSelector(s.labelSelector);
  const types = list(s.types);
  const statuses = list(s.statuses);
  const terms = parseFieldSelector(s.fieldSelector, COMPONENT_SELECTOR_FIELDS).terms;
  const fieldConditions = terms.map((term) =>
    term.negate
      ? sql`${fieldColumn(term.field)} IS DISTINCT FROM ${term.value}`
      : sql`${fieldColumn(term.field)} = ${term.value}`,
  );
  const limit = Math.min(s.limit ?? MAX_LINKS_PER_SELECTOR, MAX_LINKS_PER_SELECTOR);
  const { rows } = await sql<{ id: string }>`SELECT c.id FROM components c
      LEFT JOIN topologies t ON t.id = c.topology_id
    WHERE c.deleted_at IS NULL AND c.id <> ${selfId}
      AND (${s.id ?? null}::text IS NULL OR c.id::text = ${s.id ?? null})
      AND (${s.name ?? null}::text IS NULL OR c.name = ${s.name ?? null})
      AND (${s.namespace ?? null}::text IS NULL OR coalesce(c.namespace, t.namespace) = ${s.namespace ?? null})
      AND (${types.length === 0} OR c.type = ANY(${types}::text[]))
      AND (${statuses.length === 0} OR c.status = ANY(${statuses}::text[]))
      AND coalesce(c.labels, '{}'::jsonb) @> ${JSON.stringify(labels.equals)}::jsonb
      AND coalesce(c.labels, '{}'::jsonb) ?& ${labels.exists}::text[]
      ${fieldConditions.length > 0 ? sql`AND ${sql.join(fieldConditions, sql` AND `)}` : sql``}
    ORDER BY c.name, c.id LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.id);
}

/** One wanted component link. */
export interface ComponentLink {
  component_id: string;
  relationship_id: string;
  selector_id: string;
}

/** The live component links the components made by their selectors. */
export async function componentLinksOf(db: Db, relationshipIds: readonly string[]): Promise<ComponentLink[]> {
  const { rows } = await sql<ComponentLink>`SELECT component_id, relationship_id, selector_id
      FROM component_relationships WHERE deleted_at IS NULL
        AND relationship_id = ANY(${relationshipIds}::uuid[])`.execute(db);
  return rows;
}

/** Makes the links selected by the topology's components exactly `wanted`. */
export async function syncComponentLinks(db: Db, topologyId: string, wanted: readonly ComponentLink[]): Promise<void> {
  await sql`UPDATE component_relationships r SET deleted_at = now()
    FROM components c
    WHERE c.id = r.relationship_id AND c.topology_id = ${topologyId} AND r.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
        AS w(component_id uuid, relationship_id uuid, selector_id text)
        WHERE w.component_id = r.component_id AND w.relationship_id = r.relationship_id
          AND w.selector_id = r.selector_id)`.execute(db);
  if (wanted.length === 0) return;
  await sql`INSERT INTO component_relationships (component_id, relationship_id, selector_id)
    SELECT DISTINCT w.component_id, w.relationship_id, w.selector_id
    FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
      AS w(component_id uuid, relationship_id uuid, selector_id text)
    ON CONFLICT (component_id, relationship_id, selector_id) DO UPDATE SET deleted_at = NULL`.execute(db);
}
