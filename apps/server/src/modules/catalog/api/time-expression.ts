import { TIME_EXPRESSION } from '@mc/contracts';

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * The instant a time parameter names: an RFC 3339 time (or a date), or `now` with steps such as
 * `now-2d` or `now-1h+30m` (upstream's date-math, without rounding). Undefined when it is neither.
 */
export function parseTimeExpression(input: string, now: Date = new Date()): Date | undefined {
  const text = input.trim();
  if (TIME_EXPRESSION.test(text)) {
    let at = now.getTime();
    for (const step of text.slice(3).matchAll(/([+-])(\d+)([smhdw])/g)) {
      const amount = Number(step[2]) * (UNIT_MS[step[3] as string] ?? 0); // the unit is one the pattern allows
      at += step[1] === '-' ? -amount : amount;
    }
    return new Date(at);
  }
  if (!RFC3339.test(text)) return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
