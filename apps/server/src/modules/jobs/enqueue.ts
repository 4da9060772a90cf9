import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { Executor } from './executor.js';
import { installedJobRegistry } from './installed-registry.js';
import type { AnyJobDefinition, JobDefinition } from './job-definition.js';
import { insertJob } from './jobs.repo.js';

/** Options of one enqueue. */
export interface EnqueueOptions {
  /** Earliest time to run; default now. */
  runAt?: Date;
  /** Higher runs first; default 0. */
  priority?: number;
  /** While a job of this name and key is pending or running, enqueueing another is a no-op. */
  singletonKey?: string;
  /** The resource the job works on, shown in job history (type defaults to the definition's). */
  resource?: { type?: string; id: string };
}

/**
 * A definition, or the product's definition of that name, from the registry the composition root
 * installed at start-up (installed-registry.ts); 400 for a name no installed job has.
 */
export async function resolveJob(job: AnyJobDefinition | string): Promise<AnyJobDefinition> {
  if (typeof job !== 'string') return job;
  const definition = installedJobRegistry()?.get(job);
  if (!definition) throw new AppError('bad_request', `Unknown job "${job}"`);
  return definition;
}

/**
 * Queues a job. Pass the caller's transaction (a pg client or Kysely transaction) as `executor` to
 * make the job exist only if the caller's writes commit. The payload is validated against the
 * definition's schema (400 when invalid). Returns the job id, or null when `singletonKey` matched a
 * pending or running job.
 */
export async function enqueue<S extends z.ZodType>(
  executor: Executor,
  job: JobDefinition<S> | string,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const definition = await resolveJob(job);
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) {
    throw new AppError('bad_request', `Invalid payload for job "${definition.name}"`, parsed.error.issues);
  }
  return insertJob(executor, {
    name: definition.name,
    payload: parsed.data,
    priority: options.priority ?? 0,
    runAt: options.runAt,
    maxAttempts: definition.maxAttempts,
    singletonKey: options.singletonKey,
    resourceType: options.resource ? (options.resource.type ?? definition.resourceType) : definition.resourceType,
    resourceId: options.resource?.id,
  });
}
