import type { Database } from '@mc/db';
import { type AuditContext, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { enqueue } from '../jobs/index.js';
import { buildTopologyJob } from './build-topology.job.js';
import { topologyExists } from './topologies.repo.js';

/**
 * Run Now of a topology's build (upstream `/run/topology/{id}`): queues one build ahead of the
 * schedule (one pending Run Now per topology) and audits it; 404 for a topology that is not live.
 * The queued job's id, or null when a Run Now of it is already waiting.
 */
export async function runTopologyNow(database: Database, id: string, audit: AuditContext): Promise<string | null> {
  return auditedTransaction(database, audit, async (tx) => {
    if (!(await topologyExists(tx.db, id))) throw new AppError('not_found', `Topology '${id}' not found`);
    const queued = await enqueue(
      tx.db,
      buildTopologyJob,
      { topologyId: id },
      {
        priority: 10,
        singletonKey: `run-now:${id}`,
        resource: { id },
      },
    );
    return { value: queued, audit: { action: 'topology.run', target: 'topologies', ids: [id] } };
  });
}
