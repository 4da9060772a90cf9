import { provideUptimeExclusions } from '../modules/health/index.js';
import { installJobRegistry } from '../modules/jobs/index.js';
import { activeWindows, excludedRuns } from '../modules/maintenance/index.js';
import { provideActiveMaintenance, providePlaybookRuns } from '../modules/notifications/index.js';
import { runPlaybookForRule } from '../modules/playbooks/index.js';
import { jobRegistry } from './job-registry.js';

/**
 * Gives the modules what they reach only through the composition root: the job registry to the queue
 * (enqueue and schedules by name, the metrics' job list), the playbook runs port to notifications, and
 * maintenance's windows under way (to notifications) and runs to leave out of uptime (to health).
 * Called in every thread that serves requests or runs jobs; calling it again changes nothing.
 */
export function installPorts(): void {
  installJobRegistry(jobRegistry);
  providePlaybookRuns(runPlaybookForRule);
  // maintenance windows hold notifications and leave uptime out (modules/maintenance)
  provideActiveMaintenance(activeWindows);
  provideUptimeExclusions((database, from, to, checkIds) => excludedRuns(database.pool, from, to, checkIds));
}
