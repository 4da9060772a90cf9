/**
 * A check run's abort signal, made of one AbortController and one timer. It replaces three objects per
 * run — a timeout signal, `AbortSignal.any` of it and the caller's signal, and an abort listener for the
 * race — which were ~5% of a run's CPU (creating an AbortSignal is costly in Node, and `any` makes a
 * second one). The caller's signal (a canary tick's) gets one listener for all the runs it carries
 * ({@link onAbort}), so a tick of many checks adds no listener per check.
 */

/** Per caller signal, what to call when it aborts: one listener on the signal, however many runs it carries. */
const waiting = new WeakMap<AbortSignal, Set<(reason: unknown) => void>>();

/**
 * Calls `then` with `signal`'s reason when it aborts (at once when it already has); answers the function
 * that stops waiting. Every call on the same signal shares one listener.
 */
export function onAbort(signal: AbortSignal, then: (reason: unknown) => void): () => void {
  if (signal.aborted) {
    then(signal.reason);
    return () => undefined;
  }
  let calls = waiting.get(signal);
  if (!calls) {
    const created = new Set<(reason: unknown) => void>();
    signal.addEventListener(
      'abort',
      () => {
        for (const call of created) call(signal.reason);
        created.clear();
      },
      { once: true },
    );
    waiting.set(signal, created);
    calls = created;
  }
  const own = calls;
  own.add(then);
  return () => own.delete(then);
}

/** One run's signal; see {@link runSignal}. */
export interface RunSignal {
  /** Aborts when the run's own timeout passes or the caller's signal aborts, whichever comes first. */
  readonly signal: AbortSignal;
  /** Rejects with the abort's reason as the signal aborts, so a race ends a run whose client ignores it. */
  readonly aborted: Promise<never>;
  /** Whether the run's own timeout aborted it (not the caller). */
  readonly timedOut: boolean;
  /** Clears the timer and stops waiting on the caller's signal: the run ended. */
  dispose(): void;
}

/**
 * A signal that aborts after `timeoutMs` with a TimeoutError, or with `caller`'s reason when that aborts
 * first. Unlike AbortSignal.timeout, the timer goes when the run ends ({@link RunSignal.dispose}):
 * thousands of checks a minute would otherwise each leave a timer that fires long after the check finished.
 */
export function runSignal(timeoutMs: number, caller?: AbortSignal): RunSignal {
  const controller = new AbortController();
  let reject: (reason: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_, rejectRun) => {
    reject = rejectRun;
  });
  let timedOut = false;
  const stop = (reason: unknown) => {
    if (controller.signal.aborted) return;
    controller.abort(reason);
    reject(reason);
  };
  const timer = setTimeout(() => {
    if (!controller.signal.aborted) timedOut = true;
    stop(new DOMException('The operation timed out.', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  const release = caller ? onAbort(caller, stop) : () => undefined;
  return {
    signal: controller.signal,
    aborted,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      release();
    },
  };
}
