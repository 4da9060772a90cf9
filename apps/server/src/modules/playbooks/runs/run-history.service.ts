/**
 * The run page's history (GET /api/playbook/run/{id}/history): who requested the run, every status
 * change with its time and actor, and the approvals given.
 */
import type { Database } from '@mc/db';
import { AppError } from '../../../platform/errors.js';
import { namedApprovalsOf, requesterOf, transitionsOf } from './run-history.repo.js';

/** A run's requester, transitions and approvals; 404 for an unknown run. */
export async function runHistory(database: Database, runId: string) {
  const requester = await requesterOf(database.db, runId);
  if (requester === undefined) throw new AppError('not_found', `Playbook run ${runId} was not found`);
  const [transitions, approvals] = await Promise.all([
    transitionsOf(database.db, runId),
    namedApprovalsOf(database.db, runId),
  ]);
  return { requested_by: requester, transitions, approvals };
}
