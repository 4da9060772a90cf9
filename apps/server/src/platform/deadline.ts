/**
 * A time limit on work that also ends when its caller's signal aborts. It replaces
 * `AbortSignal.any([caller, AbortSignal.timeout(ms)])`: on Node 20–24 the timeout signal inside `any` is held
 * only weakly, so a garbage collection while the work waits can take it away and the limit never fires
 * (nodejs/node#57736) — a provider that never answers then holds a delivery, a scrape or an action forever.
 * Here one AbortController is held by its own timer until the timer fires or {@link Deadline.dispose} clears it.
 */

/** One piece of work's limit; see {@link deadline}. */
export interface Deadline {
  /** Aborts with a TimeoutError when the time is up, or with the caller's reason when it aborts first. */
  readonly signal: AbortSignal;
  /** Whether the time limit (not the caller) aborted the signal. */
  readonly timedOut: boolean;
  /** Clears the timer and stops listening to the caller: the work ended. */
  dispose(): void;
}

/** A signal aborting after `timeoutMs`, or when `caller` aborts, whichever comes first. */
export function deadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const onCaller = () => controller.abort(caller?.reason);
  const timer = setTimeout(() => {
    if (controller.signal.aborted) return;
    timedOut = true;
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  if (caller?.aborted) onCaller();
  else caller?.addEventListener('abort', onCaller, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCaller);
    },
  };
}

/** Runs `work` under a {@link deadline} and disposes of it when the work settles. */
export async function withDeadline<T>(
  timeoutMs: number,
  caller: AbortSignal | undefined,
  work: (limit: Deadline) => Promise<T>,
): Promise<T> {
  const limit = deadline(timeoutMs, caller);
  try {
    return await work(limit);
  } finally {
    limit.dispose();
  }
}
