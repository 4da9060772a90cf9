/**
 * Where the process is in its life, as the probes and the HTTP listeners need it: once a graceful
 * shutdown begins it is draining — `/readyz` answers 503 from that moment, and every answer closes its
 * connection — until the process exits. One per process, created by `server.ts`.
 */
export interface Lifecycle {
  /** True from the first moment of a graceful shutdown. */
  readonly draining: boolean;
  /** Starts draining (idempotent) and tells every listener registered with {@link onDrain}. */
  drain(): void;
  /** Calls `listener` when draining starts (at once when it already has). */
  onDrain(listener: () => void): void;
}

/** A lifecycle that is not draining until `drain()` is called. */
export function createLifecycle(): Lifecycle {
  let draining = false;
  const listeners: Array<() => void> = [];
  return {
    get draining() {
      return draining;
    },
    drain() {
      if (draining) return;
      draining = true;
      for (const listener of listeners.splice(0)) listener();
    },
    onDrain(listener) {
      if (draining) listener();
      else listeners.push(listener);
    },
  };
}
