/**
 * The upstream's long poll of agent work (docs/agents.md "Polls"): an agent asking for relayed log searches
 * or Run Now requests with `?wait=<seconds>` is answered as soon as work is queued for it, or with nothing
 * when the wait ends — one request per wait instead of one a second. Queueing notifies `mc_agent_work`
 * with `<kind>:<agent id>` on commit (migration 0265), so the replica holding the poll wakes whichever
 * replica queued the work; this process LISTENs on one dedicated connection while any poll is held.
 */
import type { Database } from '@mc/db';
import type { Lifecycle } from '../../../platform/lifecycle.js';
import type { Logger } from '../../../platform/logger.js';
import { listenForAgentWork } from './agent-work-listener.js';

/** The longest poll the upstream holds, in seconds (a longer `wait` is cut to it). */
export const MAX_AGENT_WAIT_S = 25;
/** What a held poll waits for: a relayed log search or a Run Now request. */
export type AgentWorkKind = 'log' | 'run';

/** Without a live LISTEN (starting, reconnecting, an in-process test database): the held poll looks this often. */
const BLIND_RECHECK_MS = 1_000;
/** How long the LISTEN connection stays after the last held poll (an agent's next poll follows at once). */
const LINGER_MS = 60_000;

type Wake = () => void;

/**
 * The held polls of one process and their wake-ups. `hold` claims at once and, while the claim finds
 * nothing, waits for a notification for this agent and kind (or `BLIND_RECHECK_MS` while nothing listens)
 * and claims again, until the wait ends or the process drains: work queued at any moment of the wait is
 * answered within a notification's delay, as the 1 s short poll answered it within a second.
 */
export function agentWorkWaits(database: Database, logger: Logger, lifecycle?: Lifecycle) {
  const waiting = new Map<string, Set<Wake>>();
  let listening = false;
  let draining = false;
  let listener: ReturnType<typeof listenForAgentWork>;
  let linger: NodeJS.Timeout | undefined;

  const wakeAll = () => {
    for (const wakes of waiting.values()) for (const wake of wakes) wake();
  };
  const notified = (payload: string | undefined) => {
    if (!payload) return wakeAll();
    for (const wake of waiting.get(payload) ?? []) wake();
  };

  const ensureListening = () => {
    clearTimeout(linger);
    linger = undefined;
    if (listener || draining) return;
    listener = listenForAgentWork(database, logger, {
      notified,
      listening: (now) => {
        listening = now;
        if (now) wakeAll(); // whatever was queued while nothing listened is claimed now
      },
    });
  };
  const stopListening = () => {
    clearTimeout(linger);
    linger = undefined;
    listener?.stop();
    listener = undefined;
    listening = false;
  };
  const add = (key: string, wake: Wake) => {
    ensureListening();
    const wakes = waiting.get(key);
    if (wakes) wakes.add(wake);
    else waiting.set(key, new Set([wake]));
  };
  const release = (key: string, wake: Wake) => {
    const wakes = waiting.get(key);
    wakes?.delete(wake);
    if (wakes?.size === 0) waiting.delete(key);
    if (waiting.size === 0 && listener && !linger) {
      linger = setTimeout(stopListening, LINGER_MS);
      linger.unref();
    }
  };

  lifecycle?.onDrain(() => {
    draining = true;
    stopListening();
    wakeAll(); // a shutting-down replica answers its held polls now; the agents ask a ready one next
  });

  /**
   * Resolves when `key` is notified, at `deadline`, at the blind re-check when nothing listens, on drain,
   * or when the agent goes away (`gone`).
   */
  const sleep = (key: string, deadline: number, gone?: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake(), Math.max(0, deadline - Date.now()));
      const wake = () => {
        clearTimeout(timer);
        clearInterval(blind);
        gone?.removeEventListener('abort', wake);
        release(key, wake);
        resolve();
      };
      gone?.addEventListener('abort', wake, { once: true });
      const blind = setInterval(() => {
        if (!listening) wake();
      }, BLIND_RECHECK_MS);
      add(key, wake);
    });

  return {
    /**
     * Answers `claim()` for `agentId`'s `kind` of work, holding the request up to `waitS` seconds (cut to
     * {@link MAX_AGENT_WAIT_S}; 0 or less: a plain poll) while the claim finds nothing. Once `gone` aborts
     * (the agent closed its connection) nothing more is claimed: work is never handed to a poll nobody
     * reads, it waits for the agent's next one.
     */
    async hold<T>(
      agentId: string,
      kind: AgentWorkKind,
      waitS: number,
      claim: () => Promise<T[]>,
      gone?: AbortSignal,
    ): Promise<T[]> {
      const waitMs = Math.min(Math.max(waitS, 0), MAX_AGENT_WAIT_S) * 1000;
      if (waitMs === 0 || draining) return claim();
      const deadline = Date.now() + waitMs;
      const key = `${kind}:${agentId}`;
      for (;;) {
        if (gone?.aborted) return [];
        // listening before the claim: work committed after the claim's snapshot is notified to this wait
        let notifiedMeanwhile = false;
        const early: Wake = () => {
          notifiedMeanwhile = true;
        };
        add(key, early);
        let items: T[];
        try {
          items = await claim();
        } finally {
          release(key, early);
        }
        if (items.length > 0 || draining || Date.now() >= deadline) return items;
        if (!notifiedMeanwhile) await sleep(key, deadline, gone);
      }
    },
  };
}
