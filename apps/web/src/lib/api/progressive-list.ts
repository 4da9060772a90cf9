import { useEffect, useState } from 'react';
import { jsonArraySlices } from './json-array-slices';

/** Elements parsed per slice after the first screenful (~250 health checks, ~175 KB of JSON: a few ms). */
const SLICE_ELEMENTS = 250;
/** Elements parsed ahead of the rest: a screenful of a list and its overscan, with room for filtering. */
export const FIRST_ELEMENTS = 200;
/** Answers shorter than this are parsed whole: slicing them gains nothing. */
const SLICED_FROM_CHARS = 512 * 1024;
/** Time one task of slices may take: between tasks the page draws its frames and answers input. */
const TASK_BUDGET_MS = 8;

/**
 * A long list answer read in two steps: its first elements parsed at once, so a page draws its first
 * screenful without waiting for the whole answer (10,000 health checks are ~7 MB of JSON, one parse of
 * tens of milliseconds, more on a loaded machine), and every element parsed in slices between frames.
 */
export interface ProgressiveList<T> {
  /** The first elements; all of them when `complete`. */
  first: T[];
  complete: boolean;
  /** Every element, in the answer's order (the same promise on every call). */
  all(): Promise<T[]>;
}

/** Waits for the next frame to be drawn (or for the next task in a hidden page, which draws none). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.hidden) setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * Continues in a new task, as React's scheduler does: a message is not throttled like a nested timer
 * (4 ms each after the fifth), and the browser draws a due frame before it.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The list in a JSON answer's text: the array under the top-level `key`, or the answer itself when it
 * is an array and no key is given. `pick` reads the list from the whole parse (short answers, or one
 * the scanner does not expect, which the whole parse then reports as malformed).
 */
export function progressiveList<T>(
  text: string,
  key: string | undefined,
  pick: (whole: unknown) => T[],
): ProgressiveList<T> {
  const slices = text.length >= SLICED_FROM_CHARS ? jsonArraySlices(text, key) : undefined;
  if (!slices) {
    const list = pick(text ? JSON.parse(text) : undefined);
    return { first: list, complete: true, all: () => Promise.resolve(list) };
  }
  const first = slices.next(FIRST_ELEMENTS) as T[];
  let every: Promise<T[]> | undefined;
  const readRest = async () => {
    const list = [...first];
    try {
      await afterNextFrame(); // the first screenful is on screen before the rest is read
      while (!slices.done) {
        const started = performance.now();
        while (!slices.done && performance.now() - started < TASK_BUDGET_MS) {
          for (const element of slices.next(SLICE_ELEMENTS) as T[]) list.push(element);
        }
        if (!slices.done) await nextTask();
      }
    } catch {
      return pick(JSON.parse(text));
    }
    return list;
  };
  return {
    first,
    complete: slices.done,
    all: () => {
      every ??= readRest();
      return every;
    },
  };
}

/**
 * The elements of a progressive answer to draw: its first elements (`partial`) until the whole answer is
 * read, then all of them. When a new answer replaces one already read (a refresh, a larger page), the
 * previous list stays until the new one is read, so a list scrolled far down does not shrink to its first
 * rows for a moment. A failure to read the answer comes back as `error`.
 */
export function useProgressiveList<T>(answer: ProgressiveList<T> | undefined): {
  items: T[] | undefined;
  partial: boolean;
  error: unknown;
} {
  const [read, setRead] = useState<{ answer: ProgressiveList<T>; items?: T[]; error?: unknown }>();
  useEffect(() => {
    if (!answer || answer.complete) return;
    let live = true;
    answer.all().then(
      (items) => {
        if (live) setRead({ answer, items });
      },
      (error: unknown) => {
        if (live) setRead({ answer, error });
      },
    );
    return () => {
      live = false;
    };
  }, [answer]);
  const error = read && read.answer === answer ? read.error : undefined;
  if (!answer || error) return { items: undefined, partial: false, error };
  if (answer.complete) return { items: answer.first, partial: false, error };
  // this answer's list, or the previous one's until this one is read
  if (read?.items) return { items: read.items, partial: false, error };
  return { items: answer.first, partial: true, error };
}
