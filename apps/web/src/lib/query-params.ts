/**
 * The address's query as data, without React or the router: the boot script (src/boot.ts) reads filters with
 * these before the console's own scripts have loaded; lib/url-state.ts re-exports them beside its hook.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor']);

/** True for keys that must never become object properties (001 §5: __proto__ and constructor). */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/** Parses a query string into a prototype-free record, ignoring __proto__ and constructor. */
export function parseQuery(search: string | URLSearchParams): Record<string, string> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const result: Record<string, string> = Object.create(null);
  for (const [key, value] of params) {
    if (!isForbiddenKey(key)) result[key] = value;
  }
  return result;
}

/** Parameter changes: a string sets, undefined/null/'' deletes. */
export type ParamUpdates = Record<string, string | number | null | undefined>;

/** Applies updates to a copy of the params, deleting the `reset` keys too (e.g. pageIndex). */
export function applyParamUpdates(
  current: URLSearchParams,
  updates: ParamUpdates,
  reset: readonly string[] = [],
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of reset) next.delete(key);
  for (const [key, value] of Object.entries(updates)) {
    if (isForbiddenKey(key)) continue;
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
