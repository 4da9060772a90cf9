import { AGENT_PUSH_MAX_RESULTS } from '@mc/contracts';
import type { Logger } from '../../../platform/logger.js';
import type { Outbox, ResultBuffer } from './result-buffer.js';
import { type UpstreamClient, UpstreamError } from './upstream-client.js';

/** First and longest wait between delivery attempts while the upstream is unreachable. */
export const RETRY_MIN_MS = 500;
export const RETRY_MAX_MS = 30_000;

/**
 * Delivers the buffer to the upstream, oldest first, one batch at a time: a batch leaves the disk only
 * once the upstream acknowledged it; while the upstream is unreachable, attempts back off exponentially
 * (RETRY_MIN_MS doubling to RETRY_MAX_MS) and `kick` (a new result) does not shorten the wait. A batch
 * refused for good (a 4xx other than 401/408/429) is moved aside and logged.
 */
export function resultFlusher(buffer: ResultBuffer, client: UpstreamClient, logger: Logger) {
  return outboxFlusher(buffer, logger, {
    batchSize: AGENT_PUSH_MAX_RESULTS,
    async deliver(results) {
      const answer = await client.push(results);
      if (answer.refused.length > 0) logger.warn('upstream refused results', { refused: answer.refused.slice(0, 5) });
    },
  });
}

/** Delivers any outbox the same way: `deliver` resolves once the upstream acknowledged the batch. */
export function outboxFlusher<T>(
  buffer: Outbox<T>,
  logger: Logger,
  options: { batchSize: number; deliver(entries: T[]): Promise<void> },
) {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = 0;
  let stopped = false;

  const drain = async (): Promise<void> => {
    for (;;) {
      const batch = await buffer.next(options.batchSize);
      if (!batch || stopped) return;
      try {
        await options.deliver(batch.results);
        await buffer.remove(batch.files);
        delay = 0;
      } catch (error) {
        if (error instanceof UpstreamError && !error.retry) {
          logger.error('upstream refused a batch for good; moved aside', { files: batch.files, error: error.message });
          await buffer.reject(batch.files);
          continue;
        }
        delay = Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, delay * 2));
        logger.warn('push failed; results stay buffered', { retryInMs: delay, error: (error as Error).message });
        schedule(delay);
        return;
      }
    }
  };

  const run = () => {
    timer = undefined;
    if (stopped || running) return;
    running = drain()
      .catch((error: unknown) => logger.error('result delivery failed', { error }))
      .finally(() => {
        running = undefined;
      });
  };

  function schedule(ms: number) {
    if (stopped || timer) return;
    timer = setTimeout(run, ms);
  }

  return {
    /** New results are on disk: deliver now, unless a back-off wait is running. */
    kick(): void {
      if (delay === 0) run();
      else schedule(delay);
    },
    /** Stops delivering; what is still buffered is sent by the next start. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
