import type { JobRegistry } from './job-registry.js';

let installed: JobRegistry | undefined;

/**
 * Hands the product's job registry to the queue. The composition root (src/composition) calls it at
 * start-up in every thread that enqueues or runs jobs, so the queue imports no module's jobs.
 */
export function installJobRegistry(registry: JobRegistry): void {
  installed = registry;
}

/** The registry the composition root installed; undefined before start-up (a unit test's own kit). */
export function installedJobRegistry(): JobRegistry | undefined {
  return installed;
}
