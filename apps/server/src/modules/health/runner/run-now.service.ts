/** Run Now of one check (`POST /api/canary/run/check/:id`): run here, or ask its locations' agents. */
import type { LocationRunAnswer } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { AuditContext } from '../../../platform/audit.js';
import type { Config } from '../../../platform/config.js';
import { AppError } from '../../../platform/errors.js';
import type { CheckResult } from '../check-types/check-context.js';
import { requestLocationRuns } from '../locations/locations.service.js';
import { checkRunnerFor } from './check-runner.js';
import { isJunitCheck } from './junit-result.js';
import { runnableCheck } from './runnable-checks.repo.js';

/** What Run Now did: asked the locations of a multi-location check, or ran and stored the check here. */
export type RunNowOutcome = { asked: LocationRunAnswer } | { ran: { id: string } & CheckResult };

/**
 * Runs a live check now as `audit.actor` asked; 404 when there is none. A multi-location check is not
 * run here (docs/agents.md "Locations": its agents run it and vote; a run here would be no location's
 * vote): each location's agent is asked to run it at its next poll. A junit-mode canary's combined
 * check is not run either (422): it only holds the canary's combined result; nor is a transformed check
 * (422): its parent's transform stores it.
 */
export async function runCheckNow(
  deps: { database: Database; config: Config },
  checkId: string,
  audit: AuditContext,
): Promise<RunNowOutcome> {
  const check = await runnableCheck(deps.database.db, checkId);
  if (!check) throw new AppError('not_found', `Check '${checkId}' not found`);
  if (isJunitCheck(check)) {
    throw new AppError('unprocessable', "a junit check holds its canary's combined result: run the canary instead");
  }
  if (check.transformed) {
    throw new AppError(
      'unprocessable',
      "a transformed check is stored by its parent check's transform: run that check instead",
    );
  }
  if (check.locations) {
    return { asked: await requestLocationRuns(deps.database.db, { ...check, locations: check.locations }, audit) };
  }
  const result = await checkRunnerFor(deps).run(check, { audit });
  return { ran: { id: check.id, ...result } };
}
