import { EVERY_RESOURCE } from '../../../platform/resource-visibility.js';
import type { StartRulePlaybookRun } from '../../notifications/index.js';
import { playbookRunsService } from './playbook-runs.service.js';

/**
 * A notification rule's playbook run, through every rule of `POST /api/playbook/run`, as the system
 * actor the rule's history row names. The composition root gives it to notifications as their playbook
 * runs port (notifications/playbook-runs-port.ts).
 */
export const runPlaybookForRule: StartRulePlaybookRun = async (database, run, actorName, notificationSendId) => {
  const { run_id } = await playbookRunsService(database).run(
    run,
    { actor: { kind: 'system', name: actorName } },
    EVERY_RESOURCE,
    { notificationSendId },
  );
  return run_id;
};
