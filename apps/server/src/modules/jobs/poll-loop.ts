import type { Logger } from '../../platform/logger.js';

/** A background loop that can be woken early and stopped (waiting for the pass in progress). */
export interface PollLoop {
  wake(): void;
  stop(): Promise<void>;
}

/** `ms` plus or minus up to 20%, so replicas polling the same table drift apart instead of colliding. */
export function jittered(ms: number, random: () => number = Math.random): number {
  return Math.max(1, Math.round(ms * (0.8 + 0.4 * random())));
}

/**
 * Runs `pass` repeatedly: again at once when it reports more work (returns true); after the number of
 * milliseconds it returns when it knows when its next work is due (never longer than `intervalMs`);
 * otherwise after a jittered `intervalMs` — or sooner when woken. A failing pass is logged and retried
 * after the interval.
 */
export function startPollLoop(
  name: string,
  intervalMs: number,
  logger: Logger,
  pass: () => Promise<boolean | number>,
): PollLoop {
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  // A wake that arrives while a pass runs is kept, so the loop goes again at once instead of sleeping.
  let woken = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  const running = (async () => {
    while (!stopping) {
      let more: boolean | number = false;
      woken = false;
      try {
        more = await pass();
      } catch (error) {
        if (!stopping) logger.warn(`${name} pass failed`, { error });
      }
      if (more === true || stopping) continue;
      await sleep(typeof more === 'number' ? Math.max(1, Math.min(more, intervalMs)) : jittered(intervalMs));
    }
  })();
  return {
    wake() {
      if (wakeUp) wakeUp();
      else woken = true;
    },
    async stop() {
      stopping = true;
      wakeUp?.();
      await running;
    },
  };
}
