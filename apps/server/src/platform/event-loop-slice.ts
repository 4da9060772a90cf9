import { setImmediate as nextTurn } from 'node:timers/promises';

/** Longest stretch a per-request loop runs before it lets other requests (and `/health`) be served. */
export const EVENT_LOOP_SLICE_MS = 10;

/**
 * A pause for a long per-request loop to await after each item: it hands the event loop back once the
 * loop has run for {@link EVENT_LOOP_SLICE_MS} since the last hand-back (and costs nothing before), so
 * however many items a request evaluates, it never holds the HTTP thread for much longer than one slice
 * and one item (issue 25: no request holds the event loop over 100 ms).
 */
export function eventLoopSlicer(): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < EVENT_LOOP_SLICE_MS) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}
