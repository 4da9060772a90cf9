import { PgrstError } from './pgrst-error.js';

/** The `Prefer` header preferences the data API honours. */
export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default';
}

const PREFER_VALUES: Readonly<Record<string, readonly string[]>> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default'],
};

/** Parses `Prefer` (comma-separated, possibly repeated); unknown preferences are ignored, as PostgREST's lenient default. */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part
      .trim()
      .split('=', 2)
      .map((s) => s.trim());
    if (key && value && PREFER_VALUES[key]?.includes(value)) prefs[key] = value;
  }
  return prefs as Preferences; // keys and values were checked against PREFER_VALUES just above
}

/** The `Preference-Applied` header value for the preferences that were honoured. */
export function preferenceApplied(prefs: Preferences): string {
  return Object.entries(prefs)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

/** A `Range: lower-upper` request header (items). */
export interface RangeHeader {
  lower: number;
  upper?: number;
}

/** Parses `Range`; a malformed header is ignored (as PostgREST does), lower > upper is a 416. */
export function parseRange(header: string | undefined, unit: string | undefined): RangeHeader | undefined {
  if (!header || (unit && unit !== 'items')) return undefined;
  const m = /^\s*(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!m) return undefined;
  const lower = Number(m[1]);
  const upper = m[2] ? Number(m[2]) : undefined;
  if (upper !== undefined && lower > upper) {
    throw new PgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { lower, upper };
}

/**
 * What the client accepts: an array (default), or a single object; optionally with nulls stripped; or
 * `csv` (`text/csv`, reads only: {@link negotiateAccept}'s `csvAllowed`).
 */
export interface AcceptChoice {
  single: boolean;
  stripNulls: boolean;
  csv?: boolean;
}

/**
 * Negotiates `Accept`; PGRST107 (406) when none of the listed media types can be produced. `text/csv` is
 * produced only where `csvAllowed` (rows read from a table, view or row-returning function).
 */
export function negotiateAccept(header: string | undefined, csvAllowed = false): AcceptChoice {
  if (!header) return { single: false, stripNulls: false };
  const offered = header.split(',').map((s) => s.trim().toLowerCase());
  for (const media of offered) {
    const [type = '', ...params] = media.split(';').map((s) => s.trim());
    if (type === 'text/csv' && csvAllowed) return { single: false, stripNulls: false, csv: true };
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { single: true, stripNulls };
    }
    if (['application/json', 'application/vnd.pgrst.array+json', '*/*', 'application/*'].includes(type)) {
      return { single: false, stripNulls };
    }
  }
  throw new PgrstError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}
