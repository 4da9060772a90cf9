/**
 * Whether a caller may see a component, a config item, a check or a canary, by the same answer `/api/db`
 * gets from the access policy for `components`, `config_items`, `checks` and `canaries` (docs/security.md,
 * "Resource ids in requests"). Routes that take such an id in a body or query (evidence, playbooks,
 * silences, logs) and reads that show a linked resource (an incident's evidence) use it, so no path is a
 * way around a deny row or an existence oracle: a hidden resource answers as a missing one.
 */
import { type RawBuilder, sql } from 'kysely';
import type { DataAccessPolicy, RowScope } from './access.js';
import type { Actor } from './request-context.js';
import { type RowScopeWriter, rowScopeCondition } from './row-scope-sql.js';

/** The kinds of resource a request may name by id. */
export type LinkedKind = 'component' | 'config' | 'check' | 'canary';

/** The data-API table whose read decision says which resources of a kind a caller sees. */
const KIND_TABLES: Readonly<Record<LinkedKind, string>> = {
  component: 'components',
  config: 'config_items',
  check: 'checks',
  canary: 'canaries',
};

/** What a caller may see of one kind: every row, none, or the rows the policy's row scopes keep. */
export type KindReach = 'all' | 'none' | readonly RowScope[];

/** What a caller may see of each kind. */
export type ResourceReach = Readonly<Record<LinkedKind, KindReach>>;

/** The system's reach (jobs, internal calls): everything. */
export const EVERY_RESOURCE: ResourceReach = { component: 'all', config: 'all', check: 'all', canary: 'all' };

/** True when `kind` is one this module answers for (an event's resource may also be an incident). */
export function isLinkedKind(kind: string): kind is LinkedKind {
  return Object.hasOwn(KIND_TABLES, kind);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's reach of each kind, asked of the access policy once per kind (anonymous: nothing). */
export async function resourceReach(policy: DataAccessPolicy, actor: Actor): Promise<ResourceReach> {
  const reachOf = async (kind: LinkedKind): Promise<KindReach> => {
    const decision = await policy({ actor, table: KIND_TABLES[kind], action: 'read' });
    if (!decision.allow) return 'none';
    return decision.rowScopes ?? 'all';
  };
  const [component, config, check, canary] = await Promise.all([
    reachOf('component'),
    reachOf('config'),
    reachOf('check'),
    reachOf('canary'),
  ]);
  return { component, config, check, canary };
}

/**
 * SQL true when the row under `alias` (of the kind's table: `id`, and `canary_id` for checks) may be read:
 * the data API's rule (row-scope-sql.ts, shared with `rest/read-builder.ts`), with subtree scopes through
 * `component_in_subtrees`. Never NULL, so `NOT reachSql(…)` is "hidden".
 */
export function reachSql(reach: KindReach, alias: string): RawBuilder<boolean> {
  if (reach === 'all') return sql<boolean>`true`;
  if (reach === 'none') return sql<boolean>`false`;
  return rowScopeCondition(reach, kyselyScopeWriter(alias));
}

/** The rule's pieces as Kysely SQL over the row under `alias` (the kinds' tables have every scoped column). */
function kyselyScopeWriter(alias: string): RowScopeWriter<RawBuilder<boolean>> {
  return {
    constant: (value) => (value ? sql<boolean>`true` : sql<boolean>`false`),
    hasColumn: () => true,
    matches(s) {
      const column = sql.ref(`${alias}.${s.column}`);
      return s.match === 'component_subtree'
        ? sql<boolean>`coalesce(component_in_subtrees(${column}, ${[...s.values]}::text[]), false)`
        : sql<boolean>`coalesce(${column}::text = ANY(${[...s.values]}::text[]), false)`;
    },
    any: (parts) => (parts.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(parts, sql` OR `)})`),
    all: (parts) => sql<boolean>`(${sql.join(parts, sql` AND `)})`,
    not: (part) => sql<boolean>`NOT ${part}`,
  };
}

/** Something that runs a query: a Kysely instance or transaction. */
export type Executor = Parameters<RawBuilder<unknown>['execute']>[0];

/**
 * True when the resource exists and the caller may read it. A hidden one and a missing one both answer
 * false, so a caller learns nothing from the difference; an id that is not a uuid names nothing.
 */
export async function resourceVisible(
  db: Executor,
  reach: ResourceReach,
  kind: LinkedKind,
  id: string,
): Promise<boolean> {
  return (await visibleIds(db, reach, kind, [id])).has(id.toLowerCase());
}

/** The ids among `ids` (of one kind) that exist and the caller may read; one statement for the lot. */
export async function visibleIds(
  db: Executor,
  reach: ResourceReach,
  kind: LinkedKind,
  ids: readonly string[],
): Promise<Set<string>> {
  const candidates = ids.filter((id) => UUID.test(id));
  if (candidates.length === 0 || reach[kind] === 'none') return new Set();
  const table = sql.table(KIND_TABLES[kind]);
  const { rows } = await sql<{ id: string }>`SELECT r.id FROM ${table} AS r
    WHERE r.id = ANY(${candidates}::uuid[]) AND ${reachSql(reach[kind], 'r')}`.execute(db);
  return new Set(rows.map((row) => row.id));
}
