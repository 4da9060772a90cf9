import { describe, expect, it } from 'vitest';
import { CHECK_START_JITTER_MS, checkStartDelay } from './check-runner.js';

describe('checkStartDelay', () => {
  it('spaces a canary’s checks a couple of ms apart, within 250 ms whatever their number', () => {
    const delays = (count: number, r: number) =>
      Array.from({ length: count }, (_, i) => checkStartDelay(i, count, () => r));
    expect(delays(1, 0.5)).toEqual([1]);
    expect(Math.max(...delays(50, 0.999))).toBeLessThan(100);
    expect(Math.max(...delays(1000, 0.999))).toBeLessThan(CHECK_START_JITTER_MS);
    const fifty = delays(50, 0);
    expect(new Set(fifty).size).toBe(50);
    expect((fifty[1] ?? 0) - (fifty[0] ?? 0)).toBe(2);
  });
});
