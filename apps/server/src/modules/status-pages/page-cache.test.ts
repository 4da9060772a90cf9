import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './page-cache.js';

describe('status page cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds a key once for every reader waiting at the same time', async () => {
    const cache = ttlCache<number>(10_000);
    const build = vi.fn(async () => 1);
    const values = await Promise.all(Array.from({ length: 100 }, () => cache.get('page', build)));
    expect(values.every((v) => v === 1)).toBe(true);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('serves the expired value while one rebuild runs behind the readers, then the new one', async () => {
    const cache = ttlCache<number>(10_000);
    await cache.get('page', async () => 1);
    vi.advanceTimersByTime(10_001);
    let finish: (value: number) => void = () => {};
    const rebuild = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    expect(await cache.get('page', rebuild)).toBe(1);
    expect(await cache.get('page', rebuild)).toBe(1);
    expect(rebuild).toHaveBeenCalledTimes(1);
    finish(2);
    await vi.runAllTimersAsync();
    expect(await cache.get('page', rebuild)).toBe(2);
  });

  it('never serves a value older than two periods: the reader waits for the rebuild', async () => {
    const cache = ttlCache<number>(10_000);
    await cache.get('page', async () => 1);
    vi.advanceTimersByTime(20_001);
    expect(await cache.get('page', async () => 2)).toBe(2);
  });

  it('rebuilds an invalidated key before anyone reads it again (an edit shows at once)', async () => {
    const cache = ttlCache<number>(10_000);
    await cache.get('page', async () => 1);
    vi.advanceTimersByTime(10_001);
    cache.invalidate('page');
    expect(await cache.get('page', async () => 2)).toBe(2);
  });

  it('keeps the stale value when a rebuild fails, and reports the failure once it is too old', async () => {
    const cache = ttlCache<number>(10_000);
    await cache.get('page', async () => 1);
    vi.advanceTimersByTime(10_001);
    const failing = async () => {
      throw new Error('database down');
    };
    expect(await cache.get('page', failing)).toBe(1);
    await vi.runAllTimersAsync();
    vi.advanceTimersByTime(10_000);
    await expect(cache.get('page', failing)).rejects.toThrow('database down');
  });
});
