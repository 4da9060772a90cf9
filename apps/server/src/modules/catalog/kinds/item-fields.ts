/**
 * The fields every scraper entry shares (config-db's BaseScraper): `id`, `name`, `type`, `class`,
 * `description`, `status`, `health` as a static value, a JSONPath (`$.metadata.uid`) or a CEL expression
 * (`{expr: "config.kind + '/' + config.name"}`); `items` (a JSONPath that splits one document into many
 * items); `labels`, `tags`; `transform.exclude` (JSONPaths removed before comparing, for fields that
 * change without meaning); `transform.mask` (secrets replaced by a hash or fixed text, config-mask.ts);
 * `transform.relationship` (hard links by selector) and `analysis` (insight rules). A `transform` key this
 * server does not apply is refused by name rather than ignored.
 */
import { JSONPath } from 'jsonpath-plus';
import { z } from 'zod';
import { ExpressionError, evaluateExpression, expressionError } from '../../health/index.js';
import { analysisRuleSchema } from '../insights/analysis-rule-schema.js';
import { type ConfigMask, maskSchema } from './config-mask.js';
import type { ItemRef, ScrapedItem, ScrapedRelationship } from './scraper-kind.js';

/** A field: literal text, a JSONPath starting with `$`, or `{expr}` (CEL over `config` and the kind's variables). */
export const fieldSchema = z.union([
  z.string(),
  z
    .object({ expr: z.string().min(1, 'is required') })
    .refine((value) => expressionError(value.expr) === null, { message: 'is not a valid CEL expression' }),
]);
/** One field value as written. */
export type FieldValue = z.infer<typeof fieldSchema>;

const selectorSchema = z.object({
  type: fieldSchema.optional(),
  id: fieldSchema.optional(),
  name: fieldSchema.optional(),
});

/** A hard relationship by selector: each item passing `filter` relates to the item the selector names. */
export const relationshipSchema = z.object({
  filter: z
    .string()
    .refine((value) => expressionError(value) === null, { message: 'is not a valid CEL expression' })
    .optional(),
  type: fieldSchema,
  id: fieldSchema.optional(),
  name: fieldSchema.optional(),
  /** The found item becomes the parent of the filtered one (else it is a plain relationship). */
  parent: z.boolean().optional(),
  relation: z.string().optional(),
});

const TRANSFORM_KEYS_MESSAGE = (keys: readonly string[]) =>
  `${keys.join(', ')}: not applied by this server (transform supports exclude, mask, relationship)`;

/** The base fields of every entry. */
export const baseEntryShape = {
  id: fieldSchema.optional(),
  name: fieldSchema.optional(),
  description: fieldSchema.optional(),
  type: fieldSchema.optional(),
  class: fieldSchema.optional(),
  status: fieldSchema.optional(),
  health: fieldSchema.optional(),
  items: z.string().startsWith('$', 'must be a JSONPath starting with $').optional(),
  labels: z.record(z.string(), z.string()).optional(),
  tags: z.record(z.string(), z.string()).optional(),
  transform: z
    .strictObject(
      {
        exclude: z.array(z.object({ jsonpath: z.string().startsWith('$', 'must start with $') })).optional(),
        mask: z.array(maskSchema).optional(),
        relationship: z.array(relationshipSchema).optional(),
      },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? TRANSFORM_KEYS_MESSAGE(issue.keys) : undefined) },
    )
    .optional(),
  analysis: z.array(analysisRuleSchema).optional(),
  parent: selectorSchema.optional(),
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
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  transform?: {
    exclude?: { jsonpath: string }[];
    mask?: ConfigMask[];
    relationship?: z.infer<typeof relationshipSchema>[];
  };
  analysis?: z.infer<typeof analysisRuleSchema>[];
  parent?: z.infer<typeof selectorSchema>;
}

function jsonPath(path: string, json: unknown): unknown[] {
  // JSONPath Plus types its input as an object; any JSON value works at run time.
  const found: unknown = JSONPath({ path, json: json as object, wrap: true });
  return Array.isArray(found) ? found : [];
}

function asText(value: unknown): string | undefined {
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
    if (!field.startsWith('$')) return field;
    return asText(jsonPath(field, config)[0]);
  }
  return asText(evaluateExpression(field.expr, { ...vars, config }));
}

/** Splits a document into items by `items`, or keeps it whole. */
export function splitItems(entry: BaseEntry, document: unknown): unknown[] {
  if (!entry.items) return [document];
  return jsonPath(entry.items, document);
}

/** Removes `transform.exclude` paths from a copy of the document. */
export function excludeFields(entry: BaseEntry, document: unknown): unknown {
  const paths = entry.transform?.exclude ?? [];
  if (paths.length === 0 || typeof document !== 'object' || document === null) return document;
  const copy = structuredClone(document);
  for (const { jsonpath } of paths) {
    // resultType 'all' gives each match's parent and property; JSONPath Plus types the input as an object.
    const matches: unknown = JSONPath({ path: jsonpath, json: copy as object, resultType: 'all', wrap: true });
    for (const match of Array.isArray(matches) ? matches : []) {
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

/** Builds an item from a document by the entry's base fields; expression errors are thrown. */
export function itemFromDocument(entry: BaseEntry, document: unknown, defaults: ItemDefaults): ScrapedItem {
  const vars = defaults.vars ?? {};
  const config = excludeFields(entry, document);
  const type = readField(entry.type, document, vars) ?? defaults.type;
  const item: ScrapedItem = {
    key: readField(entry.id, document, vars) ?? defaults.key,
    type,
    name: readField(entry.name, document, vars) ?? defaults.name,
    configClass: readField(entry.class, document, vars) ?? defaults.configClass ?? type,
    config,
    description: readField(entry.description, document, vars) ?? null,
    status: readField(entry.status, document, vars) ?? null,
    health: readField(entry.health, document, vars) ?? null,
    labels: entry.labels ?? null,
    tags: entry.tags ?? null,
    source: defaults.source ?? null,
  };
  if (entry.parent?.type) {
    const parentType = readField(entry.parent.type, document, vars);
    const parentKey = readField(entry.parent.id, document, vars) ?? readField(entry.parent.name, document, vars);
    if (parentType && parentKey) item.parent = { type: parentType, key: parentKey };
  }
  return item;
}

/**
 * The entry's `transform.relationship` selectors over its items: each item passing `filter` relates to
 * every item (of this scrape) of the selector's type whose key or name matches. `parent: true` makes
 * the found item the parent instead.
 */
export function selectorRelationships(
  entry: BaseEntry,
  items: ScrapedItem[],
  all: ScrapedItem[],
): ScrapedRelationship[] {
  const out: ScrapedRelationship[] = [];
  const byType = new Map<string, ScrapedItem[]>();
  for (const other of all) {
    const list = byType.get(other.type);
    if (list) list.push(other);
    else byType.set(other.type, [other]);
  }
  for (const rule of entry.transform?.relationship ?? []) {
    for (const item of items) {
      const vars = { config: item.config, name: item.name, type: item.type, id: item.key };
      if (rule.filter && evaluateExpression(rule.filter, vars) !== true) continue;
      const type = readField(rule.type, item.config, vars);
      const key = readField(rule.id, item.config, vars);
      const name = readField(rule.name, item.config, vars);
      if (!type || (!key && !name)) continue;
      const targets = (byType.get(type) ?? []).filter((other) => (key ? other.key === key : other.name === name));
      for (const target of targets) {
        const ref: ItemRef = { type: target.type, key: target.key };
        if (rule.parent) item.parent = ref;
        else out.push({ from: { type: item.type, key: item.key }, to: ref, relation: rule.relation ?? '' });
      }
    }
  }
  return out;
}

/** True when an error is a CEL problem worth reporting as the entry's error. */
export const isExpressionError = (error: unknown): error is ExpressionError => error instanceof ExpressionError;
