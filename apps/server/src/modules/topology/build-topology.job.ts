/**
 * The job each topology's named schedule (`topology:<id>`) enqueues: one build (topology-builder.service.ts).
 * The jobs module fires a tick once across replicas and writes the job history (resource type topology);
 * Run Now enqueues the same job. A lookup that fails makes the run a WARNING naming it.
 */
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { defineJob, PermanentJobError } from '../jobs/index.js';
import { topologyBuilder } from './topology-builder.service.js';

/** Name of a topology's build schedule. */
export const topologyScheduleName = (topologyId: string) => `topology:${topologyId}`;

/** Builds one topology. */
export const buildTopologyJob = defineJob({
  name: 'build_topology',
  payload: z.object({ topologyId: z.guid() }),
  maxAttempts: 3,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  timeoutMs: 5 * 60_000,
  resourceType: 'topology',
  async handler({ payload, signal, deps }) {
    try {
      const result = await topologyBuilder(deps).build(payload.topologyId, signal);
      return {
        successCount: result.components,
        errorCount: result.errors.length,
        details: {
          summary: {
            created: result.created,
            updated: result.updated,
            deleted: result.deleted,
            checks: result.checks,
            configs: result.configs,
            related: result.related,
          },
          errors: result.errors.slice(0, 20),
        },
      };
    } catch (error) {
      // A topology deleted meanwhile, or a spec stored before it was validated: retrying cannot help.
      if (error instanceof AppError) throw new PermanentJobError(error.message);
      throw error;
    }
  },
});
