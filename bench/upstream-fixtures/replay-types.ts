/**
 * The shapes the replay shares: one table row per fixture document, and the client that saves a
 * definition through the server's own HTTP routes as a signed-in administrator.
 */
import type { Intent } from './fixture-intent.js';

/**
 * as-intended / wrong: ran and judged; ran: ran, no intent upstream; the rest did not run
 * (refused-as-upstream: refused at save for a reason upstream refuses it too, e.g. its schedule).
 */
export type Outcome =
  | 'as-intended'
  | 'wrong'
  | 'refused-at-save'
  | 'refused-as-upstream'
  | 'out-of-reach'
  | 'ran'
  | 'accepted';

/** One fixture document's line in the tables. */
export interface ReplayRow {
  fixture: string;
  /** A canary's intent; `items` for a scrape; `tree` for a topology whose tree upstream's tests assert. */
  intent: Intent | 'items' | 'tree';
  /** `accepted`, or `refused (field, …)` with the fields the 400 named. */
  save: string;
  outcome: Outcome;
  detail: string;
}

/** What saving answered. */
export interface SaveAnswer {
  ok: boolean;
  summary: string;
  message: string;
  body: Record<string, unknown>;
}

/** Saves and removes definitions through the server's routes. */
export interface SaveClient {
  save(path: string, doc: unknown): Promise<SaveAnswer>;
  remove(path: string): Promise<void>;
  /** A GET answer's JSON. */
  get(path: string): Promise<unknown>;
}
