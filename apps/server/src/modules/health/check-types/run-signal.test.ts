import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAbort, runSignal } from './run-signal.js';

/** A run's signal: its own timeout or its caller's abort, whichever first; one listener per caller signal. */
afterEach(() => {
  vi.useRealTimers();
});

const settled = (promise: Promise<never>) =>
  promise.then(
    () => 'resolved',
    (reason: unknown) => reason,
  );

describe('runSignal', () => {
  it('aborts with a TimeoutError when its own timeout passes', async () => {
    vi.useFakeTimers();
    const run = runSignal(1_000);
    vi.advanceTimersByTime(999);
    expect(run.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(run.signal.aborted).toBe(true);
    expect(run.timedOut).toBe(true);
    expect(run.signal.reason).toMatchObject({ name: 'TimeoutError' });
    expect(await settled(run.aborted)).toBe(run.signal.reason);
  });

  it("aborts with the caller's reason when the caller aborts first, and that is no timeout", async () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const run = runSignal(1_000, caller.signal);
    caller.abort(new Error('shutting down'));
    vi.advanceTimersByTime(2_000);
    expect(run.timedOut).toBe(false);
    expect(run.signal.reason).toEqual(new Error('shutting down'));
    expect(await settled(run.aborted)).toEqual(new Error('shutting down'));
  });

  it('starts aborted under an aborted caller', async () => {
    const caller = new AbortController();
    caller.abort('gone');
    const run = runSignal(1_000, caller.signal);
    expect(run.signal.aborted).toBe(true);
    expect(await settled(run.aborted)).toBe('gone');
    run.dispose();
  });

  it('ends only its own run at its timeout; the other runs of the caller go on', () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const short = runSignal(100, caller.signal);
    const long = runSignal(5_000, caller.signal);
    short.aborted.catch(() => undefined);
    long.aborted.catch(() => undefined);
    vi.advanceTimersByTime(100);
    expect(short.signal.aborted).toBe(true);
    expect(long.signal.aborted).toBe(false);
    caller.abort('stop');
    expect(long.signal.reason).toBe('stop');
    expect(long.timedOut).toBe(false);
  });

  it('once disposed, neither its timeout nor its caller aborts it', () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const run = runSignal(100, caller.signal);
    run.dispose();
    vi.advanceTimersByTime(1_000);
    caller.abort();
    expect(run.signal.aborted).toBe(false);
  });

  it('adds one listener to its caller however many runs share it', () => {
    const caller = new AbortController();
    const runs = Array.from({ length: 50 }, () => runSignal(30_000, caller.signal));
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    for (const run of runs) run.aborted.catch(() => undefined);
    caller.abort('tick over');
    expect(runs.every((run) => run.signal.reason === 'tick over')).toBe(true);
    for (const run of runs) run.dispose();
  });
});

describe('onAbort', () => {
  it('calls back once on abort, at once when already aborted, and not after release', () => {
    const caller = new AbortController();
    const seen: unknown[] = [];
    onAbort(caller.signal, (reason) => seen.push(['kept', reason]));
    const release = onAbort(caller.signal, (reason) => seen.push(['released', reason]));
    release();
    caller.abort('now');
    caller.abort('again');
    expect(seen).toEqual([['kept', 'now']]);
    onAbort(caller.signal, (reason) => seen.push(['late', reason]));
    expect(seen).toEqual([
      ['kept', 'now'],
      ['late', 'now'],
    ]);
  });
});
