/**
 * Canonical JSON (platform/canonical-json.ts: object keys sorted, undefined dropped), so two documents that
 * differ only in key order compare equal, and the stored content hash of an item finds an unchanged item
 * without reading its document back.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../platform/canonical-json.js';

export { canonicalJson };

/** The value rebuilt with sorted keys (for pretty printing in diffs). */
export function sortedValue(value: unknown): unknown {
  return JSON.parse(canonicalJson(value));
}

/** SHA-256 (hex) of a text. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
