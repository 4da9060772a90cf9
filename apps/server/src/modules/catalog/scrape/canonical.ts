/**
 * Canonical JSON: object keys sorted, undefined dropped, so two documents that differ only in key order
 * compare equal, and the stored content hash of an item finds an unchanged item without reading its
 * document back.
 */
import { createHash } from 'node:crypto';

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

/** The value rebuilt with sorted keys (for pretty printing in diffs). */
export function sortedValue(value: unknown): unknown {
  return JSON.parse(canonicalJson(value));
}

/** SHA-256 (hex) of a text. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
