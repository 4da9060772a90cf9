/**
 * The rules and silences the event consumer reads, kept per process while their version stands
 * (migration 0235: every statement changing `notifications` or `notification_silences` bumps it in its
 * own transaction, and the consumer's claim returns the version its snapshot saw). A consumer pass read
 * the rules of each event name and every live silence again — at a steady rate, for each event (issue 32
 * item 5). A change is seen by the next claim after it commits, in every replica; a read that fails is
 * not kept.
 */
import type pg from 'pg';
import { type RuleRow, rulesForEvent } from './rules.repo.js';
import { liveSilences, type SilenceRow } from './silences.repo.js';

interface Kept {
  version: string;
  rules: Map<string, Promise<RuleRow[]>>;
  silences: Promise<SilenceRow[]> | undefined;
}

const kept = new WeakMap<pg.Pool, Kept>();

function forget<T>(read: Promise<T>, drop: () => void): Promise<T> {
  read.catch(drop);
  return read;
}

/** The rules and silences of `pool` at `version` (the version a claim returned). */
export function rulesAt(pool: pg.Pool, version: string) {
  let entry = kept.get(pool);
  if (!entry || entry.version !== version) {
    entry = { version, rules: new Map(), silences: undefined };
    kept.set(pool, entry);
  }
  const current = entry;
  return {
    /** Live rules listening to `event` (rulesForEvent). */
    rulesOf(event: string): Promise<RuleRow[]> {
      let found = current.rules.get(event);
      if (!found) {
        found = forget(rulesForEvent(pool, event), () => current.rules.delete(event));
        current.rules.set(event, found);
      }
      return found;
    },
    /** Silences in force at `at` (activeSilences), oldest first. */
    async silencesAt(at: Date): Promise<SilenceRow[]> {
      if (!current.silences) {
        current.silences = forget(liveSilences(pool), () => {
          current.silences = undefined;
        });
      }
      const time = at.getTime();
      return (await current.silences).filter(
        (silence) =>
          (silence.from === null || silence.from.getTime() <= time) &&
          (silence.until === null || silence.until.getTime() > time),
      );
    },
  };
}
