/**
 * config-db's `createFields` and `deleteFields`: JSONPaths read in order, the first that finds a time in
 * `timestampFormat` (a Go layout, RFC 3339 by default) gives the item's creation time
 * (config_items.created_at) or its deletion time (the item is stored soft-deleted with reason
 * {@link DELETED_BY_FIELD_REASON}). A value that does not parse is skipped, as in config-db.
 */
import { JSONPath } from 'jsonpath-plus';
import { z } from 'zod';
import { layoutProblem, parseGoTime } from '../../../platform/go-time-layout.js';

/** Why an item whose delete field holds a time is stored soft-deleted (config-db's DeleteReason). */
export const DELETED_BY_FIELD_REASON = 'FROM_DELETE_FIELD';

/** config-db's default layout: Go's RFC 3339. */
export const DEFAULT_TIMESTAMP_FORMAT = '2006-01-02T15:04:05Z07:00';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** A list of JSONPaths (`$…` or `@…`; config-db skips anything else, this server refuses it). */
export const timeFieldsSchema = z.array(
  z.string().regex(/^[$@]/, 'must be a JSONPath starting with $ (config-db reads no other form)'),
);

/** `timestampFormat`: a Go layout such as `2006-01-02 15:04:05`. */
export const timestampFormatSchema = z.string().superRefine((layout, ctx) => {
  const problem = layoutProblem(layout);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

function parse(value: string, layout: string): Date | undefined {
  if (layout === DEFAULT_TIMESTAMP_FORMAT) return RFC3339.test(value) ? new Date(value) : undefined;
  const parsed = parseGoTime(layout, value);
  return parsed.ok ? parsed.time : undefined;
}

/** The first time the paths find in the document, as ISO text; undefined when none does. */
export function firstTime(
  paths: readonly string[] | undefined,
  document: unknown,
  layout = DEFAULT_TIMESTAMP_FORMAT,
): string | undefined {
  for (const path of paths ?? []) {
    const rooted = path.startsWith('@') ? `$${path.slice(1)}` : path;
    // JSONPath Plus types its input as an object; any JSON value works at run time.
    const found: unknown = JSONPath({ path: rooted, json: document as object, wrap: true });
    const value = Array.isArray(found) ? found[0] : undefined;
    if (typeof value !== 'string') continue;
    const time = parse(value.trim(), layout);
    if (time && !Number.isNaN(time.getTime())) return time.toISOString();
  }
  return undefined;
}
