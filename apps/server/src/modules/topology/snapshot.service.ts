/**
 * `GET /snapshot/topology/{id}` (000 §7): a tar archive of JSON files describing a component and its
 * subtree at this moment — the component tree, its checks with their results since `start`, and with
 * `related` its configuration items, changes, insights and incidents. For attaching to a ticket or
 * reading after the fact.
 */
import { MAX_TOPOLOGY_DEPTH, topologySnapshotQuerySchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../platform/errors.js';
import { type ComponentVisibility, EVERY_COMPONENT } from './component-visibility.js';
import {
  ancestorsOf,
  changesSince,
  checkResultsSince,
  checksOf,
  incidentsOf,
  insightsOf,
  linkedConfigs,
  type SnapshotChange,
  subtreeIds,
} from './snapshot.repo.js';
import { tarArchive } from './tar-writer.js';
import { topologyTree } from './topology-tree.service.js';

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
  changes: SnapshotChange[],
  visibility: ComponentVisibility,
): Promise<void> {
  if (visibility.denied.length === 0) return;
  const ancestors = new Set(await ancestorsOf(db, visibility.denied));
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
      const ids = await subtreeIds(db, id, prefix, visibility);
      const checks = await checksOf(db, ids);
      const results = await checkResultsSince(
        db,
        checks.map((check) => check.id),
        from,
      );
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
        const configs = await linkedConfigs(db, ids);
        const changes = await changesSince(db, ids, from);
        await withoutHiddenReasons(db, changes, visibility);
        const insights = await insightsOf(db, ids);
        const incidents = await incidentsOf(db, ids);
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
