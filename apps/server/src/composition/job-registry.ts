import { JobRegistry } from '../modules/jobs/index.js';
import { SERVER_MODULES } from './server-modules.js';

/**
 * The product's job registry: every module's job definitions and continuous consumers, from their
 * faces. Handed to the queue at start-up (install-ports.ts) and to every job runtime; worker processes
 * claim only these names.
 */
export const jobRegistry = new JobRegistry(
  SERVER_MODULES.flatMap((module) => module.jobs ?? []),
  SERVER_MODULES.flatMap((module) => module.consumers ?? []),
);
