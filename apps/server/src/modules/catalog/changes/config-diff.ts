/**
 * The change a scrape records when an item's document differs from the stored one (config-db's `diff`
 * change): a unified diff of the two documents as sorted, indented JSON, an RFC 6902 JSON patch, a
 * one-line summary naming the changed paths, and a fingerprint (item + patch) by which an identical
 * change seen again within the dedup window is counted on the same row instead of repeated.
 */
import { createTwoFilesPatch } from 'diff';
import jsonPatch from 'fast-json-patch';
import { canonicalJson, sha256, sortedValue } from '../scrape/canonical.js';

/** The change type of a document difference (config-db's). */
export const DIFF_CHANGE_TYPE = 'diff';
/** Change type of an item gone from its source. */
export const DELETED_CHANGE_TYPE = 'Deleted';
/** Longest stored unified diff; a longer one is cut with a note (the JSON patch stays whole up to its own cap). */
export const MAX_DIFF_CHARS = 256 * 1024;
const MAX_SUMMARY_PATHS = 3;

/** One computed change. */
export interface ConfigDiff {
  diff: string;
  patches: jsonPatch.Operation[];
  summary: string;
  fingerprint: string;
}

function pretty(value: unknown): string {
  return `${JSON.stringify(sortedValue(value), null, 2)}\n`;
}

function dotted(pointer: string): string {
  return (
    pointer
      .split('/')
      .slice(1)
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .join('.') || '(root)'
  );
}

function summarise(patches: jsonPatch.Operation[]): string {
  const verbs: Record<string, string> = { add: 'added', remove: 'removed', replace: 'changed' };
  const shown = patches
    .slice(0, MAX_SUMMARY_PATHS)
    .map((op) => `${dotted(op.path)} ${verbs[op.op] ?? op.op}`)
    .join(', ');
  const more = patches.length - MAX_SUMMARY_PATHS;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** The difference between two documents, or null when they are equal (canonically). */
export function configDiff(configId: string, before: unknown, after: unknown, label: string): ConfigDiff | null {
  if (canonicalJson(before) === canonicalJson(after)) return null;
  const older = sortedValue(before ?? {});
  const newer = sortedValue(after ?? {});
  // compare() wants objects; a scalar or array document is compared as the value under the root.
  const patches =
    typeof older === 'object' && older !== null && typeof newer === 'object' && newer !== null
      ? jsonPatch.compare(older, newer)
      : [{ op: 'replace' as const, path: '', value: newer }];
  let diff = createTwoFilesPatch(label, label, pretty(older), pretty(newer), 'before', 'after', { context: 3 });
  if (diff.length > MAX_DIFF_CHARS)
    diff = `${diff.slice(0, MAX_DIFF_CHARS)}\n… diff cut at ${MAX_DIFF_CHARS} characters`;
  return {
    diff,
    patches,
    summary: summarise(patches),
    fingerprint: sha256(`${configId}\n${DIFF_CHANGE_TYPE}\n${canonicalJson(patches)}`),
  };
}
