/**
 * The jobs module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { pruneJobsJob } from './prune-jobs.job.js';

export type { ConsumerDefinition } from './consumer-definition.js';
export { enqueue } from './enqueue.js';
export { type Executor, runQuery } from './executor.js';
export { installedJobRegistry, installJobRegistry } from './installed-registry.js';
export type { JobDeps } from './job-definition.js';
export {
  type AnyJobDefinition,
  type Backoff,
  backoffDelay,
  defineJob,
  type FinishStatement,
  type JobResult,
  PermanentJobError,
  RETENTION_FIRST_RUN_MS,
} from './job-definition.js';
export { JOBS_CHANNEL } from './job-listener.js';
export { JobRegistry } from './job-registry.js';
export { type JobRuntime, startJobRuntime } from './job-runtime.js';
export { jobStatus, liveJobOf } from './job-status.service.js';
export {
  type JobThreadEvent,
  type JobThreadInput,
  type JobThreadRequest,
  type ProcessJobs,
  startProcessJobs,
} from './job-thread.js';
export { isNeverSchedule, jitterOffset, nextRun, parseSchedule, type ScheduleSpec } from './schedule-spec.js';
export { fireDueSchedules, scheduleSingletonKey } from './scheduler.js';
export { deleteSchedule, getSchedule, upsertSchedule } from './schedules.service.js';
export { JobWorker } from './worker.js';
/** What the composition root (src/composition) assembles from this module. */
export const jobsModule = {
  name: 'jobs',
  jobs: [pruneJobsJob],
};
