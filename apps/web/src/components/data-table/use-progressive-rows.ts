import { startTransition, useEffect, useState } from 'react';

/** Rows built for the first frame of a long virtual list: a screenful and its overscan, with room to spare. */
export const FIRST_WINDOW_ROWS = 100;

/**
 * The data a long client-side virtual table builds its row model from: on its first frame only the
 * first {@link FIRST_WINDOW_ROWS} rows (what can be on screen), then, right after that frame is painted,
 * all of them. Building TanStack rows for 10,000 items takes a few hundred milliseconds of allocation;
 * the first screenful does not have to wait for it. Only when the first rows of the data are the first
 * rows on screen: no sorting, no grouping and no remembered scroll position.
 */
export function useProgressiveRows<T>(data: T[], eligible: boolean): { rows: T[]; complete: boolean } {
  const progressive = eligible && data.length > FIRST_WINDOW_ROWS;
  const [complete, setComplete] = useState(!progressive);
  useEffect(() => {
    if (complete) return;
    const frame = requestAnimationFrame(() => startTransition(() => setComplete(true)));
    return () => cancelAnimationFrame(frame);
  }, [complete]);
  if (complete || !progressive) return { rows: data, complete: true };
  return { rows: data.slice(0, FIRST_WINDOW_ROWS), complete: false };
}
