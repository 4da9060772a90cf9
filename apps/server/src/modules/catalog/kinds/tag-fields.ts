/**
 * An entry's `tags`: this server's map form (`{env: prod}`) or config-db's list form
 * (`[{name: env, value: prod}, {name: zone, jsonpath: $.zone}, {name: team, label: team}]`): a fixed
 * value, a JSONPath over the document, or one of the item's labels. config-db allows at most 5.
 */
import { JSONPath } from 'jsonpath-plus';
import { z } from 'zod';
import { rootedPath } from './config-mask.js';
import { strictEntry } from './strict-entry.js';

/** config-db's limit on an entry's tags. */
export const MAX_ENTRY_TAGS = 5;

const tagSchema = strictEntry({
  name: z.string().trim().min(1, 'is required'),
  value: z.string().optional(),
  jsonpath: z.string().min(1).optional(),
  label: z.string().min(1).optional(),
}).refine((tag) => tag.value !== undefined || tag.jsonpath !== undefined || tag.label !== undefined, {
  message: 'a tag needs a value, a jsonpath or a label',
});

/** `tags` as written: a map, or config-db's list. */
export const tagsSchema = z.union([
  z.record(z.string(), z.string()),
  z
    .array(tagSchema)
    .max(MAX_ENTRY_TAGS, `at most ${MAX_ENTRY_TAGS} tags`)
    .refine((tags) => new Set(tags.map((tag) => tag.name)).size === tags.length, {
      message: 'a tag name is duplicated',
    }),
]);
/** Tags as written. */
export type TagsField = z.infer<typeof tagsSchema>;

function pathValue(path: string, document: unknown): string | undefined {
  // JSONPath Plus types its input as an object; any JSON value works at run time.
  const found: unknown = JSONPath({ path: rootedPath(path), json: document as object, wrap: true });
  const value = Array.isArray(found) ? found[0] : undefined;
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The item's tags: the label's value first, then the JSONPath's, then the fixed value (config-db's order). */
export function tagsOf(
  tags: TagsField | undefined,
  document: unknown,
  labels: Record<string, string> | null,
): Record<string, string> | null {
  if (!tags) return null;
  if (!Array.isArray(tags)) return tags;
  const out: Record<string, string> = {};
  for (const tag of tags) {
    const value =
      (tag.label ? labels?.[tag.label] : undefined) ||
      (tag.jsonpath ? pathValue(tag.jsonpath, document) : undefined) ||
      tag.value;
    if (value) out[tag.name] = value;
  }
  return out;
}
