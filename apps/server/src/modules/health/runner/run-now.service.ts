/** Run Now of one check (`POST /api/canary/run/check/:id`): run here, or ask its locations' agents. */
import type { LocationRunAnswer } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { AuditContext } from '../../../platform/audit.js';
import type { Config } from '../../../platform/config.js';
import { AppError } from '../../../platform/errors.js';
import type { CheckResult } from '../check-types/check-context.js';
import { requestLocationRuns } from '../locations/locations.service.js';
import { checkRunnerFor } from './check-runner.js';
import { runnableCheck } from './runnable-checks.repo.js';

/** What Run Now did: asked the locations of a multi-location check, or ran and stored the check here. */
export type RunNowOutcome = { asked: LocationRunAnswer } | { ran: { id: string } & CheckResult };

/**
 * Runs a live check now as `audit.actor` asked; 404 when there is none. A multi-location check is not
 * run here (docs/agents.md "Locations": its agents run it and vote; a run here would be no location's
 * vote): each location's agent is asked to run it at its next poll.
 */
export async function runCheckNow(
  deps: { database: Database; config: Config },
  checkId: string,
  audit: AuditContext,
): Promise<RunNowOutcome> {
  const check = await runnableCheck(deps.database.db, checkId);
  if (!check) throw new AppError('not_found', `Check '${checkId}' not found`);
  if (check.locations) {
    return { asked: await requestLocationRuns(deps.database.db, { ...check, locations: check.locations }, audit) };
  }
  const result = await checkRunnerFor(deps).run(check, { audit });
  return { ran: { id: check.id, ...result } };
}
