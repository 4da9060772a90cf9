import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { startPollLoop } from './poll-loop.js';

const logger = createLogger('error', {}, () => {});

describe('poll loop', () => {
  it('sleeps as long as a pass asks (capped at the interval), not a whole interval', async () => {
    const passes: number[] = [];
    const loop = startPollLoop('test', 60_000, logger, async () => {
      passes.push(Date.now());
      return 20;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await loop.stop();
    expect(passes.length).toBeGreaterThan(3);
  });

  it('goes again at once on true and sleeps the interval on false until woken', async () => {
    let calls = 0;
    const loop = startPollLoop('test', 60_000, logger, async () => {
      calls += 1;
      return calls < 3;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(3);
    loop.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(4);
    await loop.stop();
  });
});
