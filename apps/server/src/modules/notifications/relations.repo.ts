/**
 * Relationships notifications follow, from topology and catalog where present: the ancestors of a
 * resource (its parents, up to a depth, and for a check the components and catalog items it is linked
 * to and theirs) and the descendants a resource covers (children, recursively, and their checks).
 * Silences and inhibitions read them.
 */
import type { NotificationResourceKind } from '@mc/contracts';
import type { Sql } from './sql.js';

/** Largest depth walked up or down. */
export const MAX_RELATION_DEPTH = 10;

/** Ancestor ids by kind (the resource itself excluded). */
export interface Ancestors {
  components: Set<string>;
  configs: Set<string>;
  canaries: Set<string>;
}

async function componentAncestors(db: Sql, starts: string[], depth: number): Promise<{ id: string }[]> {
  if (starts.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT parent_id, 1 FROM components WHERE id = ANY ($1::uuid[]) AND parent_id IS NOT NULL
       UNION
       SELECT c.parent_id, up.depth + 1 FROM components c JOIN up ON c.id = up.id
       WHERE c.parent_id IS NOT NULL AND up.depth < $2
     ) SELECT DISTINCT id FROM up`,
    [starts, depth],
  );
  return rows;
}

async function configAncestors(db: Sql, starts: string[], depth: number): Promise<{ id: string }[]> {
  if (starts.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT parent_id, 1 FROM config_items WHERE id = ANY ($1::uuid[]) AND parent_id IS NOT NULL
       UNION
       SELECT c.parent_id, up.depth + 1 FROM config_items c JOIN up ON c.id = up.id
       WHERE c.parent_id IS NOT NULL AND up.depth < $2
     ) SELECT DISTINCT id FROM up`,
    [starts, depth],
  );
  return rows;
}

/** The ancestors of a resource up to `depth` (a check's linked components and catalog items count as parents). */
export async function ancestorsOf(
  db: Sql,
  kind: NotificationResourceKind,
  id: string,
  env: Record<string, unknown>,
  depth = MAX_RELATION_DEPTH,
): Promise<Ancestors> {
  const result: Ancestors = { components: new Set(), configs: new Set(), canaries: new Set() };
  if (kind === 'check') {
    const check = env.check as { canary_id?: string } | undefined;
    if (check?.canary_id) result.canaries.add(check.canary_id);
    const linked = await db.query<{ component_id: string | null; config_id: string | null }>(
      `SELECT component_id, NULL::uuid AS config_id FROM check_component_relationships WHERE check_id = $1 AND deleted_at IS NULL
       UNION ALL
       SELECT NULL::uuid, config_id FROM check_config_relationships WHERE check_id = $1 AND deleted_at IS NULL`,
      [id],
    );
    const components = linked.rows.flatMap((row) => (row.component_id ? [row.component_id] : []));
    const configs = linked.rows.flatMap((row) => (row.config_id ? [row.config_id] : []));
    for (const component of components) result.components.add(component);
    for (const config of configs) result.configs.add(config);
    for (const row of await componentAncestors(db, components, depth - 1)) result.components.add(row.id);
    for (const row of await configAncestors(db, configs, depth - 1)) result.configs.add(row.id);
  } else if (kind === 'component') {
    for (const row of await componentAncestors(db, [id], depth)) result.components.add(row.id);
  } else if (kind === 'config') {
    for (const row of await configAncestors(db, [id], depth)) result.configs.add(row.id);
  }
  return result;
}

/** A resource a silence covers now. */
export interface CoveredResource {
  id: string;
  kind: NotificationResourceKind;
  name: string;
}

/** What a resource silence covers now: the resource, and with `recursive` its descendants and their checks. */
export async function coveredResources(
  db: Sql,
  target: {
    check_id?: string | null;
    canary_id?: string | null;
    component_id?: string | null;
    config_id?: string | null;
  },
  recursive: boolean,
  limit = 1000,
): Promise<CoveredResource[]> {
  const out: CoveredResource[] = [];
  const push = (rows: { id: string; name: string | null }[], kind: NotificationResourceKind) => {
    for (const row of rows) out.push({ id: row.id, kind, name: row.name ?? row.id });
  };
  if (target.check_id) {
    push((await db.query('SELECT id, name FROM checks WHERE id = $1', [target.check_id])).rows, 'check');
  }
  if (target.canary_id) {
    push(
      (
        await db.query('SELECT id, name FROM checks WHERE canary_id = $1 AND deleted_at IS NULL LIMIT $2', [
          target.canary_id,
          limit,
        ])
      ).rows,
      'check',
    );
  }
  if (target.component_id) {
    const components = await db.query<{ id: string; name: string }>(
      `WITH RECURSIVE down(id, depth) AS (
         SELECT $1::uuid, 0
         UNION
         SELECT c.id, down.depth + 1 FROM components c JOIN down ON c.parent_id = down.id
         WHERE $2 AND down.depth < $3 AND c.deleted_at IS NULL
       ) SELECT c.id, c.name FROM components c JOIN down ON down.id = c.id LIMIT $4`,
      [target.component_id, recursive, MAX_RELATION_DEPTH, limit],
    );
    push(components.rows, 'component');
    if (recursive) {
      push(
        (
          await db.query(
            `SELECT DISTINCT ch.id, ch.name FROM check_component_relationships r JOIN checks ch ON ch.id = r.check_id
             WHERE r.component_id = ANY ($1::uuid[]) AND r.deleted_at IS NULL AND ch.deleted_at IS NULL LIMIT $2`,
            [components.rows.map((row) => row.id), limit],
          )
        ).rows,
        'check',
      );
    }
  }
  if (target.config_id) {
    const configs = await db.query<{ id: string; name: string | null }>(
      `WITH RECURSIVE down(id, depth) AS (
         SELECT $1::uuid, 0
         UNION
         SELECT c.id, down.depth + 1 FROM config_items c JOIN down ON c.parent_id = down.id
         WHERE $2 AND down.depth < $3 AND c.deleted_at IS NULL
       ) SELECT c.id, c.name FROM config_items c JOIN down ON down.id = c.id LIMIT $4`,
      [target.config_id, recursive, MAX_RELATION_DEPTH, limit],
    );
    push(configs.rows, 'config');
    if (recursive) {
      push(
        (
          await db.query(
            `SELECT DISTINCT ch.id, ch.name FROM check_config_relationships r JOIN checks ch ON ch.id = r.check_id
             WHERE r.config_id = ANY ($1::uuid[]) AND r.deleted_at IS NULL AND ch.deleted_at IS NULL LIMIT $2`,
            [configs.rows.map((row) => row.id), limit],
          )
        ).rows,
        'check',
      );
    }
  }
  return out.slice(0, limit);
}
