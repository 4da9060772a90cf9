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
    const ticks: number[] = [];
    const started = performance.now();
    const timer = setInterval(() => ticks.push(performance.now() - started), 5);
    const pause = eventLoopSlicer();
    for (let i = 0; i < 40; i++) {
      busy(5);
      await pause();
    }
    clearInterval(timer);
    expect(ticks.length).toBeGreaterThan(5);
    const gaps = ticks.map((at, i) => at - (ticks[i - 1] ?? 0));
    expect(Math.max(...gaps)).toBeLessThan(250); // 200 ms of work in all; a loaded CI machine adds its own delay
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
