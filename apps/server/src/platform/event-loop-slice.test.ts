import { describe, expect, it } from 'vitest';
import { EVENT_LOOP_SLICE_MS, eventLoopSlicer } from './event-loop-slice.js';

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // holds the thread as a costly item would
  }
}

describe('eventLoopSlicer', () => {
  it('lets a timer run while a long loop is still going, so the loop never holds the thread long', async () => {
    // Counted in items, not milliseconds: a loaded machine stretches wall time, not the number of items
    // the loop handles before the timer gets its turn.
    const ticks: number[] = [];
    let done = 0;
    const timer = setInterval(() => ticks.push(done), 5);
    const pause = eventLoopSlicer();
    for (let i = 0; i < 40; i++) {
      busy(5);
      done += 1;
      await pause();
    }
    clearInterval(timer);
    expect(ticks.length).toBeGreaterThan(5);
    const itemsBetweenTurns = ticks.map((at, i) => at - (ticks[i - 1] ?? 0));
    // about a slice's worth of 5 ms items (a timer may wait one slice more for its due time), never the loop's 40
    expect(Math.max(...itemsBetweenTurns)).toBeLessThanOrEqual(2 * Math.ceil(EVENT_LOOP_SLICE_MS / 5) + 1);
  });

  it('does not hand the loop back before a slice has passed', async () => {
    const pause = eventLoopSlicer();
    let timerRan = false;
    setImmediate(() => {
      timerRan = true;
    });
    await pause();
    expect(timerRan).toBe(false);
    busy(EVENT_LOOP_SLICE_MS);
    await pause();
    expect(timerRan).toBe(true);
  });
});
