/**
 * The fields every document-reading scraper entry shares (config-db's BaseScraper): `id`, `name`,
 * `type`, `class`, `description`, `status`, `health` as a static value, a JSONPath (`$.metadata.uid`,
 * or `@…` as config-db reads it) or a CEL expression (`{expr: "config.kind + '/' + config.name"}`);
 * `items` (a JSONPath that splits one document into many items, in config-db's forms: `$.a[*]`, `.a`
 * or `a`); `format`; `labels` (static or
 * JSONPath values), `tags`; `createFields`/`deleteFields`/`timestampFormat` (item-timestamps.ts);
 * `transform` (transform-schema.ts: exclude, mask, relationship, and one script: expr, gotemplate or
 * javascript) and `analysis` (insight rules).
 * Class defaults to the type when the entry names a type, as in config-db. Every other key is refused
 * by name when the scraper is saved (strict-entry.ts).
 */
import { JSONPath } from 'jsonpath-plus';
import { z } from 'zod';
import { wildcardMatch } from '../../../platform/wildcard-match.js';
import { ExpressionError, evaluateExpression, expressionError } from '../../health/index.js';
import { analysisRuleSchema } from '../insights/analysis-rule-schema.js';
import { rootedPath } from './config-mask.js';
import { type PropertyRule, propertySchema } from './item-properties.js';
import { DELETED_BY_FIELD_REASON, firstTime, timeFieldsSchema, timestampFormatSchema } from './item-timestamps.js';
import type { ScrapedItem } from './scraper-kind.js';
import { tagsOf, tagsSchema } from './tag-fields.js';
import { hasScript, type ScriptOutput, scriptOutputs } from './transform-expr.js';
import { jsonPathSchema, oneScriptTransformSchema, type Transform } from './transform-schema.js';

/** A field: literal text, a JSONPath starting with `$` or `@`, or `{expr}` (CEL over `config` and the kind's variables). */
export const fieldSchema = z.union([
  z.string(),
  z
    .object({ expr: z.string().min(1, 'is required') })
    .refine((value) => expressionError(value.expr) === null, { message: 'is not a valid CEL expression' }),
]);
/** One field value as written. */
export type FieldValue = z.infer<typeof fieldSchema>;

const selectorSchema = z.strictObject({
  type: fieldSchema.optional(),
  id: fieldSchema.optional(),
  name: fieldSchema.optional(),
});

/** The base fields of every document-reading entry. */
export const baseEntryShape = {
  id: fieldSchema.optional(),
  name: fieldSchema.optional(),
  description: fieldSchema.optional(),
  type: fieldSchema.optional(),
  class: fieldSchema.optional(),
  status: fieldSchema.optional(),
  health: fieldSchema.optional(),
  items: jsonPathSchema.optional(),
  format: z.string().min(1).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  tags: tagsSchema.optional(),
  createFields: timeFieldsSchema.optional(),
  deleteFields: timeFieldsSchema.optional(),
  timestampFormat: timestampFormatSchema.optional(),
  transform: oneScriptTransformSchema.optional(),
  analysis: z.array(analysisRuleSchema).optional(),
  parent: selectorSchema.optional(),
  properties: z.array(propertySchema).optional(),
};

/** The parsed base fields. */
export interface BaseEntry {
  id?: FieldValue;
  name?: FieldValue;
  description?: FieldValue;
  type?: FieldValue;
  class?: FieldValue;
  status?: FieldValue;
  health?: FieldValue;
  items?: string;
  format?: string;
  labels?: Record<string, string>;
  tags?: z.infer<typeof tagsSchema>;
  createFields?: string[];
  deleteFields?: string[];
  timestampFormat?: string;
  transform?: Transform;
  analysis?: z.infer<typeof analysisRuleSchema>[];
  parent?: z.infer<typeof selectorSchema>;
  properties?: PropertyRule[];
}

const isJsonPath = (text: string) => text.startsWith('$') || text.startsWith('@');

/** Every value a JSONPath (`$…`, `@…`) finds in a document. */
export function jsonPath(path: string, json: unknown): unknown[] {
  // JSONPath Plus types its input as an object; any JSON value works at run time.
  const found: unknown = JSONPath({ path: rootedPath(path), json: json as object, wrap: true });
  return Array.isArray(found) ? found : [];
}

/** A value as config-db prints it into a field. */
export function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Reads one field of a document. A JSONPath that finds nothing, or an expression that fails, gives
 * undefined (the caller falls back to its default); an expression's error is thrown for the entry's errors.
 */
export function readField(
  field: FieldValue | undefined,
  config: unknown,
  vars: Record<string, unknown> = {},
): string | undefined {
  if (field === undefined) return undefined;
  if (typeof field === 'string') {
    if (!isJsonPath(field)) return field;
    return asText(jsonPath(field, config)[0]);
  }
  return asText(evaluateExpression(field.expr, { ...vars, config }));
}

/** Splits a document into items by `items`, or keeps it whole. */
export function splitItems(entry: BaseEntry, document: unknown): unknown[] {
  if (!entry.items) return [document];
  return jsonPath(entry.items, document);
}

/** Removes the entry's `transform.exclude` paths (those for this type) from a copy of the document. */
export function excludeFields(entry: BaseEntry, document: unknown, type?: string): unknown {
  const paths = (entry.transform?.exclude ?? []).filter(
    ({ types }) => !types?.length || (type !== undefined && types.some((pattern) => wildcardMatch(pattern, type))),
  );
  if (paths.length === 0 || typeof document !== 'object' || document === null) return document;
  const copy = structuredClone(document);
  for (const { jsonpath } of paths) {
    // resultType 'all' gives each match's parent and property; JSONPath Plus types the input as an object.
    const matches: unknown = JSONPath({
      path: rootedPath(jsonpath),
      json: copy as object,
      resultType: 'all',
      wrap: true,
    });
    for (const match of (Array.isArray(matches) ? matches : []).reverse()) {
      const { parent, parentProperty } = match as { parent?: unknown; parentProperty?: string | number };
      if (Array.isArray(parent) && typeof parentProperty === 'number') parent.splice(parentProperty, 1);
      else if (parent && typeof parent === 'object' && parentProperty !== undefined) {
        delete (parent as Record<string, unknown>)[String(parentProperty)];
      }
    }
  }
  return copy;
}

/** Defaults a kind gives when the entry leaves a field out. */
export interface ItemDefaults {
  key: string;
  type: string;
  name: string;
  configClass?: string;
  source?: string;
  vars?: Record<string, unknown>;
}

function labelsOf(entry: BaseEntry, document: unknown): Record<string, string> | null {
  if (!entry.labels) return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry.labels)) {
    const found = isJsonPath(value) ? asText(jsonPath(value, document)[0]) : value;
    if (found) out[key] = found;
  }
  return out;
}

/** Builds the item of one (script output) document by the entry's base fields. */
function buildItem(entry: BaseEntry, output: ScriptOutput, defaults: ItemDefaults, suffix: string): ScrapedItem {
  const { document, lifted } = output;
  const vars = defaults.vars ?? {};
  const read = (field: FieldValue | undefined) => readField(field, document, vars);
  const type = lifted.type ?? read(entry.type) ?? defaults.type;
  const key = lifted.key ?? read(entry.id);
  const classDefault = entry.type !== undefined || lifted.type ? type : (defaults.configClass ?? type);
  const deletedAt = lifted.deletedAt ?? firstTime(entry.deleteFields, document, entry.timestampFormat);
  const labels = lifted.labels ?? labelsOf(entry, document);
  const item: ScrapedItem = {
    key: key ?? `${defaults.key}${suffix}`,
    type,
    name: lifted.name ?? read(entry.name) ?? key ?? defaults.name,
    configClass: lifted.configClass ?? read(entry.class) ?? classDefault,
    config: excludeFields(entry, document, type),
    description: lifted.description ?? read(entry.description) ?? null,
    status: lifted.status ?? read(entry.status) ?? null,
    health: lifted.health ?? read(entry.health) ?? null,
    labels,
    tags: lifted.tags ?? tagsOf(entry.tags, document, labels),
    source: defaults.source ?? null,
    createdAt: lifted.createdAt ?? firstTime(entry.createFields, document, entry.timestampFormat) ?? null,
    ...(deletedAt ? { deletedAt, deleteReason: DELETED_BY_FIELD_REASON } : {}),
  };
  if (lifted.icon) item.icon = lifted.icon;
  if (entry.parent?.type) {
    const parentType = read(entry.parent.type);
    const parentKey = read(entry.parent.id) ?? read(entry.parent.name);
    if (parentType && parentKey) item.parent = { type: parentType, key: parentKey };
  }
  return item;
}

/**
 * The items of one document: the document itself, or each object the entry's transform script returns
 * (with the fields it sets lifted, as config-db does). Script and expression errors are thrown.
 */
export async function itemsFromDocument(
  entry: BaseEntry,
  document: unknown,
  defaults: ItemDefaults,
): Promise<ScrapedItem[]> {
  const outputs: ScriptOutput[] =
    entry.transform && hasScript(entry.transform)
      ? await scriptOutputs(entry.transform, document, defaults.vars ?? {})
      : [{ document, lifted: {} }];
  return outputs.map((output, index) => buildItem(entry, output, defaults, index === 0 ? '' : `#${index}`));
}

/** True when an error is a CEL problem worth reporting as the entry's error. */
export const isExpressionError = (error: unknown): error is ExpressionError => error instanceof ExpressionError;
