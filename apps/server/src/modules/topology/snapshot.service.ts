/**
 * `GET /snapshot/topology/{id}` (000 §7): a tar archive of JSON files describing a component and its
 * subtree at this moment — the component tree, its checks with their results since `start`, and with
 * `related` its configuration items, changes, insights and incidents. For attaching to a ticket or
 * reading after the fact.
 */
import { MAX_TOPOLOGY_DEPTH, topologySnapshotQuerySchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.js';
import { type ComponentVisibility, EVERY_COMPONENT, visibleSql } from './component-visibility.js';
import { tarArchive } from './tar-writer.js';
import { topologyTree } from './topology-tree.service.js';

/** Most components, checks, results and related rows one snapshot holds per file. */
export const SNAPSHOT_ROW_LIMIT = 10_000;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

function since(start: string): Date {
  const unit = start.slice(-1);
  return new Date(Date.now() - Number(start.slice(0, -1)) * (UNIT_SECONDS[unit] ?? 3600) * 1000);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A status change recorded on an ancestor of a component the caller may not read names the hidden part
 * in its reason (`healthy → unhealthy: <child>: …`): for such callers the reason is cut off, leaving the
 * transition.
 */
async function withoutHiddenReasons(
  db: Database['db'],
  changes: { component_id: string; change_type: string; source: string; summary: string | null }[],
  visibility: ComponentVisibility,
): Promise<void> {
  if (visibility.denied.length === 0) return;
  const { rows } = await sql<{ id: string }>`SELECT DISTINCT a.id FROM components c
    CROSS JOIN LATERAL unnest(string_to_array(coalesce(c.path, ''), '.')) AS a(id)
    WHERE c.id = ANY(${[...visibility.denied]}::uuid[]) AND a.id <> ''`.execute(db);
  const ancestors = new Set(rows.map((row) => row.id));
  for (const change of changes) {
    if (change.source === 'topology' && change.change_type === 'status' && ancestors.has(change.component_id)) {
      change.summary = change.summary?.split(': ')[0] ?? null;
    }
  }
}

/** The snapshot maker of one database. */
export function snapshotService(database: Database) {
  const db = database.db;
  return {
    /**
     * The archive and its file name; 400 for a bad query, 404 for an unknown component or one the caller
     * may not read. Components the caller may not read are left out with everything linked to them.
     */
    async topology(
      id: string,
      query: Record<string, string>,
      visibility: ComponentVisibility = EVERY_COMPONENT,
    ): Promise<{ name: string; archive: Buffer }> {
      const parsed = topologySnapshotQuerySchema.safeParse(query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('bad_request', `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`);
      }
      const from = since(parsed.data.start);
      const tree = await topologyTree(database).read({ id, depth: MAX_TOPOLOGY_DEPTH, hidden: 'true' }, visibility);
      const root = tree.components[0];
      if (!root) throw new AppError('not_found', `Component '${id}' not found`);
      const prefix = root.path ? `${root.path}.${root.id}` : root.id;
      const { rows: subtree } = await sql<{ id: string }>`SELECT c.id FROM components c WHERE c.deleted_at IS NULL
        AND (c.id = ${id} OR c.path = ${prefix} OR c.path LIKE ${`${prefix}.%`}) AND ${visibleSql(visibility)}
        LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
      const ids = subtree.map((row) => row.id);
      const { rows: checks } = await sql`SELECT DISTINCT ON (k.id) r.component_id, k.id, k.name, k.type, k.status,
          k.severity, k.labels, k.last_runtime, k.last_transition_time, k.canary_id
        FROM check_component_relationships r JOIN checks k ON k.id = r.check_id AND k.deleted_at IS NULL
        WHERE r.deleted_at IS NULL AND r.component_id = ANY(${ids}::uuid[]) ORDER BY k.id LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(
        db,
      );
      const checkIds = checks.map((check) => (check as { id: string }).id); // selected above
      const { rows: results } = await sql`SELECT check_id, time, status, duration, message, error FROM check_statuses
        WHERE check_id = ANY(${checkIds}::uuid[]) AND time >= ${from.toISOString()}
        ORDER BY time DESC LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
      const entries = [
        {
          name: 'snapshot.json',
          content: json({ component_id: id, name: root.name, start: parsed.data.start, from, taken_at: new Date() }),
        },
        { name: 'components.json', content: json(tree) },
        { name: 'checks.json', content: json(checks) },
        { name: 'check_statuses.json', content: json(results) },
      ];
      if (parsed.data.related === 'true') {
        const { rows: configs } =
          await sql`SELECT l.component_id, ci.id, ci.name, ci.type, ci.health, ci.status, ci.labels,
            ci.tags, ci.updated_at
          FROM component_config_links l JOIN config_items ci ON ci.id = l.config_id AND ci.deleted_at IS NULL
          WHERE l.component_id = ANY(${ids}::uuid[]) LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
        const { rows: changes } = await sql<{
          component_id: string;
          change_type: string;
          source: string;
          summary: string | null;
        }>`
          SELECT * FROM changes_by_component
          WHERE component_id = ANY(${ids}::uuid[]) AND created_at >= ${from.toISOString()}
          ORDER BY created_at DESC LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
        await withoutHiddenReasons(db, changes, visibility);
        const { rows: insights } = await sql`SELECT * FROM analysis_by_component
          WHERE component_id = ANY(${ids}::uuid[]) LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
        const { rows: incidents } = await sql`SELECT * FROM incidents_by_component
          WHERE component_id = ANY(${ids}::uuid[]) LIMIT ${SNAPSHOT_ROW_LIMIT}`.execute(db);
        entries.push(
          { name: 'configs.json', content: json(configs) },
          { name: 'changes.json', content: json(changes) },
          { name: 'insights.json', content: json(insights) },
          { name: 'incidents.json', content: json(incidents) },
        );
      }
      const safeName = root.name.replace(/[^a-zA-Z0-9._-]+/g, '-').slice(0, 60) || 'component';
      return {
        name: `topology-${safeName}-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`,
        archive: tarArchive(entries),
      };
    },
  };
}
