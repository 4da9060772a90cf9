/**
 * Elasticsearch-style date math as the upstream console's `/db` proxy evaluates it for `key.filter` values
 * (go-datemath): an anchor — `now`, or an ISO 8601 date/time optionally followed by `||` — then any number
 * of steps `+N<unit>` / `-N<unit>` and roundings `/<unit>` (down to the start of the unit), all in UTC.
 * Units: y, fy (as y), Q, fQ (as Q), M, w (weeks start on Monday), d, b (business days, Mon–Fri), h, H, m, s.
 */

const ISO_ANCHOR = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?/;
const STEP = /^(?:([+-])(\d{1,9})|\/)(fy|fQ|[yQMwdbhHms])/;

type Unit = 'y' | 'Q' | 'M' | 'w' | 'd' | 'b' | 'h' | 'm' | 's';

/** Business-day steps are counted one day at a time; more than this is refused rather than looped over. */
const MAX_BUSINESS_DAYS = 10_000;

const UNIT_MS: Readonly<Partial<Record<Unit, number>>> = { h: 3_600_000, m: 60_000, s: 1000 };

function unitOf(text: string): Unit {
  if (text === 'fy') return 'y';
  if (text === 'fQ') return 'Q';
  if (text === 'H') return 'h';
  return text as Unit; // STEP admits only the units listed on the type
}

function isWeekend(at: Date): boolean {
  const day = at.getUTCDay();
  return day === 0 || day === 6;
}

function add(at: Date, amount: number, unit: Unit): Date {
  const next = new Date(at.getTime());
  const ms = UNIT_MS[unit];
  if (ms !== undefined) return new Date(at.getTime() + amount * ms);
  if (unit === 'y') next.setUTCFullYear(next.getUTCFullYear() + amount);
  else if (unit === 'Q') next.setUTCMonth(next.getUTCMonth() + 3 * amount);
  else if (unit === 'M') next.setUTCMonth(next.getUTCMonth() + amount);
  else if (unit === 'w') next.setUTCDate(next.getUTCDate() + 7 * amount);
  else if (unit === 'd') next.setUTCDate(next.getUTCDate() + amount);
  else {
    const direction = amount < 0 ? -1 : 1;
    for (let left = Math.abs(amount); left > 0; left--) {
      next.setUTCDate(next.getUTCDate() + direction);
      while (isWeekend(next)) next.setUTCDate(next.getUTCDate() + direction);
    }
  }
  return next;
}

function roundDown(at: Date, unit: Unit): Date {
  const y = at.getUTCFullYear();
  const mo = at.getUTCMonth();
  const d = at.getUTCDate();
  const ms = UNIT_MS[unit];
  if (ms !== undefined) return new Date(Math.floor(at.getTime() / ms) * ms);
  if (unit === 'y') return new Date(Date.UTC(y, 0, 1));
  if (unit === 'Q') return new Date(Date.UTC(y, Math.floor(mo / 3) * 3, 1));
  if (unit === 'M') return new Date(Date.UTC(y, mo, 1));
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(y, mo, unit === 'w' ? d - sinceMonday : d));
}

function anchorOf(text: string, now: Date): { at: Date; rest: string } | string {
  if (text.startsWith('now')) return { at: new Date(now.getTime()), rest: text.slice(3) };
  const m = ISO_ANCHOR.exec(text);
  if (!m) return 'expected "now" or an ISO 8601 date at character 1';
  const zone = m[8] ?? 'Z';
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}.${(m[7] ?? '0').slice(0, 3)}${zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return `${m[0]} is not a valid date`;
  let rest = text.slice(m[0].length);
  if (rest.startsWith('||')) rest = rest.slice(2);
  else if (rest !== '') return `expected "||" after the date at character ${m[0].length + 1}`;
  return { at, rest };
}

/** Evaluates `text` against `now`; a string is the reason it is not a date-math expression. */
export function evaluateDateMath(text: string, now: Date): Date | string {
  const anchor = anchorOf(text, now);
  if (typeof anchor === 'string') return anchor;
  let { at, rest } = anchor;
  while (rest !== '') {
    const m = STEP.exec(rest);
    if (!m) return `unexpected "${rest}" at character ${text.length - rest.length + 1}`;
    const unit = unitOf(m[3] ?? '');
    if (unit === 'b' && Number(m[2]) > MAX_BUSINESS_DAYS) return `at most ${MAX_BUSINESS_DAYS} business days`;
    at = m[1] === undefined ? roundDown(at, unit) : add(at, (m[1] === '-' ? -1 : 1) * Number(m[2]), unit);
    if (Number.isNaN(at.getTime())) return 'the date is out of range';
    rest = rest.slice(m[0].length);
  }
  return at;
}
