import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { AGENT_POLL_WAIT_S, polledWork } from './polled-work.js';
import type { HeldPoll } from './upstream-client.js';

const logger = createLogger('error', {}, () => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a poller over `fetch` for `ms` and answers when each poll started (ms from the start) and what it asked. */
async function pollsOf(fetch: (held?: HeldPoll) => Promise<number[]>, held: boolean, ms: number) {
  const stopping = new AbortController();
  const started = Date.now();
  const polls: Array<{ at: number; held?: HeldPoll }> = [];
  const poller = polledWork(
    (hold) => {
      polls.push({ at: Date.now() - started, held: hold });
      return fetch(hold);
    },
    async () => {},
    logger,
    { what: 'test', intervalMs: 200, stopping: stopping.signal, held },
  );
  poller.start();
  await sleep(ms);
  stopping.abort();
  await poller.stop();
  return polls;
}

describe('polled work', () => {
  it('asks a plain poll every interval, without a wait', async () => {
    const polls = await pollsOf(async () => [], false, 500);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.length).toBeLessThanOrEqual(3);
    expect(polls[0]?.held).toBeUndefined();
  });

  it('asks a held poll again at once after the upstream held it, and passes the wait and the stop', async () => {
    const polls = await pollsOf(() => sleep(300).then(() => []), true, 1_000);
    expect(polls[0]?.held).toEqual({ waitS: AGENT_POLL_WAIT_S, signal: expect.any(AbortSignal) });
    // each poll follows the last held one at once: 0, ~300, ~600, ~900
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect((polls[1]?.at ?? 0) - (polls[0]?.at ?? 0)).toBeLessThan(400);
  });

  it('never asks more often than every interval when the upstream answers at once (one without held polls)', async () => {
    const polls = await pollsOf(async () => [], true, 700);
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(polls.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < polls.length; i += 1) {
      expect((polls[i]?.at ?? 0) - (polls[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(190);
    }
  });

  it('asks again at once after a poll that brought work', async () => {
    let answers = 0;
    const polls = await pollsOf(async () => (answers++ < 3 ? [1] : []), true, 150);
    expect(polls.length).toBeGreaterThanOrEqual(4);
  });
});
