import type { Database } from '@mc/db';

/** The run a rule asks for: its playbook, the event's resource and the rendered parameters. */
export interface RulePlaybookRun {
  id: string;
  check_id?: string;
  config_id?: string;
  component_id?: string;
  params: Record<string, unknown>;
}

/**
 * Starts a rule's playbook run as the system actor `actorName`, linked to the history row
 * `notificationSendId`, through every rule of `POST /api/playbook/run`; answers the run's id.
 */
export type StartRulePlaybookRun = (
  database: Database,
  run: RulePlaybookRun,
  actorName: string,
  notificationSendId: string,
) => Promise<string>;

let port: StartRulePlaybookRun | undefined;

/**
 * The playbooks module answers this port: notifications cannot import playbooks, which import the
 * notification channels for their notification action. The composition root (src/composition) gives it
 * at start-up in every thread that delivers notifications.
 */
export function providePlaybookRuns(start: StartRulePlaybookRun): void {
  port = start;
}

/** The port's answer; a programming error when the composition root has not given it. */
export function startRulePlaybookRun(...args: Parameters<StartRulePlaybookRun>): Promise<string> {
  if (!port) throw new Error('No playbook runs port: the composition root did not give one (providePlaybookRuns)');
  return port(...args);
}
