import type { AgentCanary, AgentRunRequest } from '@mc/contracts';
import type { Logger } from '../../../platform/logger.js';
import { polledWork } from './polled-work.js';
import type { UpstreamClient } from './upstream-client.js';

/**
 * Polls the upstream for Run Now requests of the multi-location checks this agent runs (docs/agents.md
 * "Locations") — a long poll held until one is queued (polled-work.ts), at most every `intervalMs` from an
 * upstream that answers at once — and runs each requested check of the canaries it last pulled, as a
 * scheduled run would (its result is this location's vote). A request for a canary it has not pulled
 * yet is logged and dropped: the next scheduled run covers it. Keeps polling through upstream outages.
 */
export function runRequestPoller(
  client: Pick<UpstreamClient, 'runRequests'>,
  logger: Logger,
  options: {
    intervalMs: number;
    stopping: AbortSignal;
    canaryOf: (canaryId: string) => AgentCanary | undefined;
    run: (canary: AgentCanary) => Promise<void>;
  },
) {
  const runRequested = async (request: AgentRunRequest): Promise<void> => {
    const canary = options.canaryOf(request.canary_id);
    const checks = canary?.checks.filter((check) => check.id === request.check_id) ?? [];
    if (!canary || checks.length === 0) {
      logger.info('run request for a check this agent has not pulled; its next scheduled run covers it', {
        check: request.check_id,
      });
      return;
    }
    await options
      .run({ ...canary, checks })
      .catch((error: unknown) =>
        logger.warn('requested run failed', { check: request.check_id, error: (error as Error).message }),
      );
  };
  return polledWork((held) => client.runRequests(held), runRequested, logger, {
    what: 'run request',
    intervalMs: options.intervalMs,
    stopping: options.stopping,
    held: true,
  });
}
