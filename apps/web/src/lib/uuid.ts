const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path or query value can name a row: ids are UUIDs, and anything else is not asked for (the
 * data API answers it with a 400), so a hand-typed or stale address shows "not found" instead.
 */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
