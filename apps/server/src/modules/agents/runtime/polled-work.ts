import type { Logger } from '../../../platform/logger.js';

/**
 * The agent's pull loop for work its upstream hands out (relayed log searches, Run Now requests): asks
 * `fetch` every `intervalMs` until `stopping` aborts, starts `handle` for each item at once (several run
 * side by side), and keeps polling through upstream outages. `stop` waits for the work already started, so
 * a shutting-down agent still delivers what it was doing. `handle` reports its own failures.
 */
export function polledWork<T>(
  fetch: () => Promise<readonly T[]>,
  handle: (item: T) => Promise<void>,
  logger: Logger,
  options: { what: string; intervalMs: number; stopping: AbortSignal },
) {
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  const start = (item: T) => {
    const work = handle(item).finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  const poll = async () => {
    try {
      for (const item of await fetch()) start(item);
    } catch (error) {
      logger.debug(`${options.what} poll failed`, { error: (error as Error).message });
    }
    if (!options.stopping.aborted) timer = setTimeout(() => void poll(), options.intervalMs);
  };
  return {
    start: () => void poll(),
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
