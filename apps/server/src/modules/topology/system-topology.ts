/**
 * The topology a new install starts with, so the landing page shows a live system from the first
 * minute: 'mission-control' (source System) describing this server — its HTTP endpoint and its
 * database as components, both linked to the system canary's check of `/health` (which answers only
 * after a database round trip), so their status is that check's. Created and built once; a later
 * start leaves it alone (an admin's deletion is respected).
 */
import { TOPOLOGY_API_VERSION, type TopologySpec } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { VERSION } from '../../platform/version.js';
import { insertSystemTopology, serverVersion, systemTopologyExists } from './topologies.repo.js';
import { topologyBuilder } from './topology-builder.service.js';
import { scheduleTopology } from './topology-schedule.js';

/** Name of the system topology. */
export const SYSTEM_TOPOLOGY_NAME = 'mission-control';

/** The name of the system canary's check every system component is linked to (health's system canary). */
export const SYSTEM_CHECK_NAME = 'mission-control-health';

/** The system topology's spec for a server reachable at `baseUrl` on `engine`. */
export function systemTopologySpec(baseUrl: string, engine: string, serverVersion: string): TopologySpec {
  const health = [{ selector: { name: SYSTEM_CHECK_NAME } }];
  return {
    type: 'MissionControl',
    icon: 'mission-control',
    label: 'Mission Control',
    schedule: '@every 5m',
    description: `This server (${TOPOLOGY_API_VERSION} topology created at first start)`,
    properties: [
      { name: 'Version', text: VERSION },
      { name: 'URL', text: baseUrl, url: baseUrl },
    ],
    components: [
      {
        name: 'HTTP API',
        type: 'HTTP',
        icon: 'http',
        description: 'The console and API endpoint; its /health answers after a database round trip',
        properties: [
          { name: 'Endpoint', text: `${baseUrl}/health`, url: `${baseUrl}/health` },
          { name: 'Version', text: VERSION },
        ],
        checks: health,
      },
      {
        name: 'Database',
        type: 'Database',
        icon: 'postgres',
        description: engine === 'pglite' ? 'Embedded PostgreSQL (PGlite) in MC_DATA_DIR' : 'PostgreSQL server',
        properties: [
          { name: 'Engine', text: engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL' },
          { name: 'Server version', text: serverVersion },
        ],
        checks: health,
      },
    ],
  };
}

/** Adds and builds the system topology unless one exists (live or deleted). */
export async function ensureSystemTopology(
  deps: { database: Database; config: Config },
  baseUrl: string,
  logger: Logger,
): Promise<void> {
  const { database } = deps;
  if (await systemTopologyExists(database, SYSTEM_TOPOLOGY_NAME)) return;
  try {
    const version = await serverVersion(database);
    const spec = systemTopologySpec(baseUrl.replace(/\/$/, ''), database.engine, version ?? 'unknown');
    const id = await database.db.transaction().execute(async (trx) => {
      const topologyId = await insertSystemTopology(trx, SYSTEM_TOPOLOGY_NAME, { app: 'mission-control' }, spec);
      if (!topologyId) throw new Error('system topology insert returned no id');
      await scheduleTopology(trx, topologyId, spec);
      return topologyId;
    });
    await topologyBuilder(deps).build(id);
    logger.info('topology: added the system topology', { id });
  } catch (error) {
    // Two replicas starting together: the unique index lets one win; the other's conflict is fine.
    logger.debug('topology: system topology not added', { error: String(error) });
  }
}
