/**
 * Replays a canary-checker Topology fixture as a migrating user meets it: saved through the data API
 * (`POST /api/db/topologies`, the console's own path, whose write hook validates the spec), then, when it
 * needs no cluster, built once by the topology module's own `build_topology` job handler (lookups
 * against the stand-ins, the catalog items upstream's tests build on seeded first) and the tree read back
 * through `GET /api/canary/api/topology`. Where canary-checker's tests assert a fixture's tree
 * (topology-intent.ts), the tree is compared with it; the others are reported as built.
 */
import { basename } from 'node:path';
import { topologyModule } from '../../apps/server/src/modules/topology/index.js';
import type { Config } from '../../apps/server/src/platform/config.js';
import type { Logger } from '../../apps/server/src/platform/logger.js';
import type { TestApp } from '../../apps/server/src/test/test-app.js';
import { outOfReachReasons } from './reach.js';
import type { ReplayRow, SaveClient } from './replay-types.js';
import { TOPOLOGY_INTENTS, TOPOLOGY_SEED, type TreeNode } from './topology-intent.js';

/** What a topology replay needs: the signed-in client, the app (its database), config and logger. */
export interface TopologyReplayDeps {
  client: SaveClient;
  app: TestApp;
  config: Config;
  logger: Logger;
}

interface TopologyDoc {
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
}

const BUILD_TIMEOUT_MS = 120_000;

/** Stores the catalog items upstream's topology tests build on (once, before the topology fixtures). */
export async function seedTopologyCatalog(app: TestApp): Promise<void> {
  for (const item of TOPOLOGY_SEED) {
    await app.database.pool.query(
      `INSERT INTO config_items (config_class, type, name, status, health, tags, labels, config)
        VALUES ($1, $2, $3, $4, 'healthy', $5::jsonb, $5::jsonb, $6::jsonb)`,
      [
        item.type.split('::').pop(),
        item.type,
        item.name,
        item.status,
        JSON.stringify(item.tags),
        JSON.stringify(item.config),
      ],
    );
  }
}

/** Builds the saved topology once through the job handler; answers the build's errors. */
async function buildOnce(topologyId: string, deps: TopologyReplayDeps): Promise<string[]> {
  const job = topologyModule.jobs.find((definition) => definition.name === 'build_topology');
  if (!job) throw new Error('the topology module has no build_topology job');
  const outcome = await job.handler({
    payload: { topologyId },
    signal: AbortSignal.timeout(BUILD_TIMEOUT_MS),
    job: { id: `replay-${topologyId}`, name: job.name, attempt: 1, maxAttempts: 1 },
    deps: { config: deps.config, database: deps.app.database, logger: deps.logger },
  });
  const errors = (outcome as { details?: { errors?: unknown } } | undefined)?.details?.errors;
  return Array.isArray(errors) ? errors.map(String) : [];
}

function countOf(nodes: TreeNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countOf(node.components ?? []), 0);
}

/** Saves one topology document, builds it when reachable, judges it, and removes it again. */
export async function replayTopology(path: string, doc: TopologyDoc, deps: TopologyReplayDeps): Promise<ReplayRow> {
  const fixture = path.split('/').slice(2).join('/');
  const intent = TOPOLOGY_INTENTS[basename(path)];
  const row = {
    name: doc.metadata?.name ?? 'fixture',
    namespace: doc.metadata?.namespace ?? 'default',
    labels: doc.metadata?.labels ?? {},
    spec: doc.spec ?? {},
  };
  const reach = outOfReachReasons(doc.spec ?? {});
  const save = await deps.client.save('/api/db/topologies', row);
  const base = { fixture, intent: intent ? ('tree' as const) : ('none' as const), save: save.summary };
  if (!save.ok) {
    const outcome = reach.length > 0 ? 'out-of-reach' : 'refused-at-save';
    return { ...base, outcome, detail: reach.length ? reach.join(', ') : save.message };
  }
  const id = String(save.body.id);
  try {
    if (reach.length > 0)
      return { ...base, outcome: 'out-of-reach', detail: `accepted at save; needs ${reach.join(', ')}` };
    const errors = await buildOnce(id, deps);
    const tree = (await deps.client.get(`/api/canary/api/topology?topologyId=${id}&depth=8`)) as {
      components?: TreeNode[];
    };
    const roots = tree.components ?? [];
    const built = `${countOf(roots)} components`;
    const errorText = errors.length > 0 ? `build errors: ${errors.join('; ')}` : '';
    if (!intent) return { ...base, outcome: 'ran', detail: [built, errorText].filter(Boolean).join('; ') };
    const problem = errorText || intent(roots);
    return { ...base, outcome: problem ? 'wrong' : 'as-intended', detail: problem ? `${built}; ${problem}` : built };
  } finally {
    await deps.client.remove(`/api/db/topologies?id=eq.${id}`);
  }
}
