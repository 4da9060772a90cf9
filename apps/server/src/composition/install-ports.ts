import { installJobRegistry } from '../modules/jobs/index.js';
import { providePlaybookRuns } from '../modules/notifications/index.js';
import { runPlaybookForRule } from '../modules/playbooks/index.js';
import { jobRegistry } from './job-registry.js';

/**
 * Gives the modules what they reach only through the composition root: the job registry to the queue
 * (enqueue and schedules by name, the metrics' job list) and the playbook runs port to notifications.
 * Called in every thread that serves requests or runs jobs; calling it again changes nothing.
 */
export function installPorts(): void {
  installJobRegistry(jobRegistry);
  providePlaybookRuns(runPlaybookForRule);
}
