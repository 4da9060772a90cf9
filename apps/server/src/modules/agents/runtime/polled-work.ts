import type { Logger } from '../../../platform/logger.js';
import type { HeldPoll } from './upstream-client.js';

/**
 * Seconds the agent asks its upstream to hold a poll for work while nothing is queued (the upstream cuts
 * longer waits to its own maximum, 25 s): an idle agent asks about once per wait instead of once per
 * interval, and new work is answered when it is queued, not at the next poll.
 */
export const AGENT_POLL_WAIT_S = 20;

/**
 * The agent's pull loop for work its upstream hands out (relayed log searches, Run Now requests): asks
 * `fetch` every `intervalMs` until `stopping` aborts, starts `handle` for each item at once (several run
 * side by side), and keeps polling through upstream outages. `stop` waits for the work already started, so
 * a shutting-down agent still delivers what it was doing. `handle` reports its own failures.
 *
 * With `held`, `fetch` is a long poll the upstream may hold for {@link AGENT_POLL_WAIT_S} (it gets the
 * wait and `stopping`): the next poll starts `intervalMs` after this one started — at once after a held
 * poll or one that brought work, an interval later from an upstream that answers at once (one that
 * predates held polls), so the agent never asks more often than before.
 */
export function polledWork<T>(
  fetch: (held?: HeldPoll) => Promise<readonly T[]>,
  handle: (item: T) => Promise<void>,
  logger: Logger,
  options: { what: string; intervalMs: number; stopping: AbortSignal; held?: boolean },
) {
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  const start = (item: T) => {
    const work = handle(item).finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  const held = options.held ? { waitS: AGENT_POLL_WAIT_S, signal: options.stopping } : undefined;
  const poll = async () => {
    const started = Date.now();
    let delay = options.intervalMs;
    try {
      const items = await fetch(held);
      for (const item of items) start(item);
      if (options.held) delay = items.length > 0 ? 0 : Math.max(0, started + options.intervalMs - Date.now());
    } catch (error) {
      logger.debug(`${options.what} poll failed`, { error: (error as Error).message });
    }
    if (!options.stopping.aborted) timer = setTimeout(() => void poll(), delay);
  };
  return {
    start: () => void poll(),
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
