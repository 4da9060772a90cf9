/**
 * Topology API (000 §7): the tree canary-checker's console reads (`/canary/api/topology`), Run Now of a
 * topology's build (upstream `/run/topology/{id}`) and the snapshot archive of a component. Components
 * and their relations are also read through the data API (`/api/db/components`, `component_names`,
 * `checks_by_component`, …); topologies are written there or through the Topology form, whose writes
 * schedule them (topologies-write.hook.ts).
 */
import type { Context, Hono } from 'hono';
import { AppError } from '../../platform/errors.js';
import { auditContext } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { requireComponentRead, visibilityOf } from './component-visibility.js';
import { snapshotService } from './snapshot.service.js';
import { runTopologyNow } from './topology-run.service.js';
import { parseTopologyQuery, topologyTree } from './topology-tree.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idParam(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new AppError('bad_request', `'${id}' is not a valid id`);
  return id;
}

/** Mounts the topology routes. */
export function registerTopologyRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  // Reads show only the components the caller may read (permission rows on components cover subtrees).
  const read = requireComponentRead(deps.dataAccess);
  const write = requirePermission('topologies', 'write');
  const tree = topologyTree(deps.database);
  const snapshots = snapshotService(deps.database);

  app.get('/api/canary/api/topology', read, async (c) =>
    c.json(await tree.read(parseTopologyQuery(c.req.query()), visibilityOf(c))),
  );

  app.post('/api/canary/run/topology/:id', write, async (c) => {
    const id = idParam(c);
    const jobId = await runTopologyNow(deps.database, id, auditContext(c));
    return c.json({ id, jobId, queued: jobId !== null });
  });

  app.get('/api/snapshot/topology/:id', read, async (c) => {
    const { name, archive } = await snapshots.topology(idParam(c), c.req.query(), visibilityOf(c));
    return c.body(new Uint8Array(archive), 200, {
      'Content-Type': 'application/x-tar',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  });
}
