import type { JobDeps } from '../modules/jobs/index.js';
import { type ProcessJobs, startProcessJobs } from '../modules/jobs/index.js';
import { installPorts } from './install-ports.js';
import { jobRegistry } from './job-registry.js';

/**
 * Starts this process's job runtime with the product's registry: in the job thread (whose module is
 * this folder's job-thread-entry.mjs) when the process also serves HTTP, else on this thread.
 */
export function startJobs(deps: JobDeps): Promise<ProcessJobs> {
  installPorts();
  return startProcessJobs(deps, {
    registry: jobRegistry,
    threadEntry: new URL('./job-thread-entry.mjs', import.meta.url),
  });
}
