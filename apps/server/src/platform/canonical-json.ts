/**
 * Canonical JSON: object keys sorted, undefined dropped, so two documents that differ only in key order
 * compare equal — the catalog's content hashes and diffs, and every watched folder's "is the stored record
 * already what the file says" (canaries, scrapers, topologies, playbooks) use this one form.
 */

/** JSON text with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
