import { CHECK_HISTORY } from '@mc/contracts';

/** A parsed duration filter: the minimum in ms, or the message of 000 §5. */
export type DurationFilter = { ok: true; ms: number } | { ok: false; message: string };

/**
 * Reads the history's duration filter (000 §5): empty or 'All' is no minimum; otherwise only a number
 * ending in ms or s is accepted ('250ms', '1.5s'), anything else gives
 * 'duration is allowed only in milli seconds & seconds'.
 */
export function parseDurationFilter(value: string | null | undefined): DurationFilter {
  const text = (value ?? '').trim();
  if (!text || text === 'All') return { ok: true, ms: 0 };
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)$/.exec(text);
  if (!match) return { ok: false, message: CHECK_HISTORY.durationMessage };
  const amount = Number(match[1]);
  return { ok: true, ms: Math.round(match[2] === 's' ? amount * 1000 : amount) };
}
