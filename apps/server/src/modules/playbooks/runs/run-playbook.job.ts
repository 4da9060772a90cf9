/**
 * Runs one playbook run on the job queue (so once across replicas: the queue's lease). Safe to run
 * twice: a run that is no longer scheduled or running is skipped, completed actions are not repeated,
 * and an action interrupted by a crash is retried only if it is declared `idempotent`.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';
import { executeRun } from './run-executor.js';

/** The longest a run may take (the runner enforces the playbook's own timeout, 30 minutes by default). */
const RUN_JOB_TIMEOUT_MS = 2 * 60 * 60_000;

/** The `run_playbook` job. */
export const runPlaybookJob = defineJob({
  name: 'run_playbook',
  payload: z.object({ run_id: z.string().regex(/^[0-9a-f-]{36}$/i) }),
  maxAttempts: 3,
  backoff: { baseMs: 2_000, maxMs: 60_000 },
  timeoutMs: RUN_JOB_TIMEOUT_MS,
  resourceType: 'playbook_run',
  async handler({ payload, signal, deps }) {
    return executeRun(deps.database, payload.run_id, signal, deps.config);
  },
});
