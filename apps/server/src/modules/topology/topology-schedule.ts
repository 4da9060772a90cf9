/**
 * A topology's build schedule: declared (from `spec.schedule`, default every 5 minutes) with a first
 * build queued at once whenever the topology is saved, removed with its components when it is deleted.
 * Runs in the caller's transaction, so a saved topology is scheduled exactly when its row commits.
 */
import { DEFAULT_TOPOLOGY_SCHEDULE, type TopologySpec } from '@mc/contracts';
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { deleteSchedule, enqueue, upsertSchedule } from '../jobs/index.js';
import { buildTopologyJob, topologyScheduleName } from './build-topology.job.js';
import { softDeleteTopologyComponents } from './components.repo.js';

/** Schedules a saved topology's builds and queues its first build now. */
export async function scheduleTopology(trx: Kysely<Tables>, topologyId: string, spec: TopologySpec): Promise<void> {
  await upsertSchedule(trx, {
    name: topologyScheduleName(topologyId),
    schedule: spec.schedule?.trim() || DEFAULT_TOPOLOGY_SCHEDULE,
    job: buildTopologyJob,
    payload: { topologyId },
    jitterMs: 10_000,
    resource: { id: topologyId },
  });
  await enqueue(trx, buildTopologyJob, { topologyId }, { priority: 1, resource: { id: topologyId } });
}

/** Removes a deleted topology's schedule and soft-deletes its components. */
export async function unscheduleTopology(trx: Kysely<Tables>, topologyId: string): Promise<void> {
  await deleteSchedule(trx, topologyScheduleName(topologyId));
  await softDeleteTopologyComponents(trx, topologyId);
}
