import { evaluateDateMath } from './date-math.js';
import { parseError } from './pgrst-error.js';
import type { FieldRef, Filter } from './query-types.js';

/** The suffix of the upstream console's filter convention: `status.filter=!SUCCESS`. */
export const CONSOLE_FILTER_SUFFIX = '.filter';

/**
 * The column names whose `.filter` value upstream's `/db` proxy reads as date math (mission-control
 * db/middleware.go): any other column takes the value list form, even a timestamp.
 */
const DATE_FIELDS: ReadonlySet<string> = new Set([
  'acknowledged',
  'check_time',
  'closed',
  'created_at',
  'deleted_at',
  'end_time',
  'expires_at',
  'first_observed',
  'last_attempt',
  'last_login',
  'last_observed',
  'last_received',
  'last_runtime',
  'last_scraped_time',
  'last_seen',
  'last_transition_time',
  'next_runtime',
  'resolved',
  'scheduled_time',
  'silenced_at',
  'start_time',
  'time',
  'time_end',
  'time_start',
  'updated_at',
]);

const DATE_OPERATORS: Readonly<Record<string, 'eq' | 'gt' | 'lt'>> = { '=': 'eq', '>': 'gt', '<': 'lt' };

/** RFC 3339 in UTC to the second, as Go's `time.RFC3339` prints the instant upstream compares with. */
function rfc3339(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

function dateFilter(key: string, field: FieldRef, value: string, now: Date): Filter {
  const op = DATE_OPERATORS[value.charAt(0)];
  const expression = op ? value.slice(1) : value;
  const at = evaluateDateMath(expression, now);
  if (typeof at === 'string') {
    throw parseError(
      'filter',
      `${key}${CONSOLE_FILTER_SUFFIX}=${value}`,
      `invalid datemath expression ("${expression}") for field (${key}): ${at}`,
    );
  }
  return { field, negate: false, op: op ?? 'lt', value: rfc3339(at) };
}

/**
 * Rewrites one `key.filter=VALUES` parameter of the upstream console into PostgREST filters, as its `/db`
 * proxy does before PostgREST sees the query (all of them apply, ANDed, as repeated PostgREST keys):
 * - `key` one of the date columns: `[=|>|<]<date math>` → `eq`/`gt`/`lt` (default `lt`) of the instant;
 * - otherwise comma-separated items: plain ones → `in.(…)`, `!`-prefixed ones → `not.in.(…)`, and each of
 *   `*x*`, `x*`, `*x` → a `like` pattern (upstream drops a `!`-prefixed pattern; here it is `not.like`).
 * An empty value adds no filter, as upstream.
 */
export function consoleFilters(key: string, field: FieldRef, value: string, now: Date = new Date()): Filter[] {
  if (value === '') return [];
  if (DATE_FIELDS.has(key)) return [dateFilter(key, field, value, now)];
  const include: string[] = [];
  const exclude: string[] = [];
  const patterns: Filter[] = [];
  for (const raw of value.split(',')) {
    const negate = raw.startsWith('!');
    const item = negate ? raw.slice(1) : raw;
    if (item.startsWith('*') || item.endsWith('*')) {
      const core = item.replace(/^\*+|\*+$/g, '');
      const pattern =
        item.startsWith('*') && item.endsWith('*') ? `*${core}*` : item.startsWith('*') ? `*${core}` : `${core}*`;
      patterns.push({ field, negate, op: 'like', value: pattern });
    } else (negate ? exclude : include).push(item);
  }
  const filters: Filter[] = [];
  if (include.length > 0) filters.push({ field, negate: false, op: 'in', value: include });
  if (exclude.length > 0) filters.push({ field, negate: true, op: 'in', value: exclude });
  return [...filters, ...patterns];
}
