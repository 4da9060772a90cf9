/**
 * `transform.mask`, config-db's way of hiding secrets in scraped documents: each mask names the items it
 * applies to (`selector`), the fields to hide (`jsonpath`) and what replaces them (`value`: a hash
 * function name, or any other text as a fixed replacement). A hash keeps change detection — a changed
 * secret is a changed hash — without the clear text ever reaching the catalog, a change diff or the
 * upstream of an agent. Masks run in their written order over the items of their own entry, before the
 * entry's insight rules and before anything is stored or compared (docs/catalog.md "Masking").
 */
import { JSONPath } from 'jsonpath-plus';
import { z } from 'zod';
import { evaluateExpression, expressionError } from '../../health/index.js';
import { hashOfValue, isHashFunction, MASK_HASH_FUNCTIONS, unsupportedHashName } from './mask-value.js';
import type { ScrapedItem } from './scraper-kind.js';

/** config-db's older selector form (`selector: {type: Kubernetes::Secret}`), kept so old files still mask. */
const typeSelectorSchema = z.strictObject({ type: z.string().min(1, 'is required') });

/** config-db's JSONPath as written (`$.password`, `.spec.dnsNames` or `password`) as one rooted at `$`. */
export function rootedPath(path: string): string {
  const trimmed = path.trim();
  if (trimmed.startsWith('$')) return trimmed;
  if (trimmed.startsWith('@')) return `$${trimmed.slice(1)}`;
  if (trimmed.startsWith('.') || trimmed.startsWith('[')) return `$${trimmed}`;
  return `$.${trimmed}`;
}

function jsonPathProblem(path: string): string | null {
  const rooted = rootedPath(path);
  if (rooted === '$') return 'must name a field inside the config, not the whole config';
  try {
    JSONPath({ path: rooted, json: { probe: [{ probe: 'x' }] }, resultType: 'all', wrap: true });
    return null;
  } catch (error) {
    return `is not a valid JSONPath (${(error as Error).message})`;
  }
}

/** One `transform.mask[]` entry; anything this server would not honour is refused by name. */
export const maskSchema = z.strictObject({
  selector: z.union(
    [
      z
        .string()
        .min(1, 'is required')
        .refine((text) => expressionError(text) === null, { message: 'is not a valid CEL expression' }),
      typeSelectorSchema,
    ],
    { message: 'must be a CEL expression, or {type: <config type>}' },
  ),
  jsonpath: z
    .string()
    .min(1, 'is required')
    .superRefine((path, ctx) => {
      const problem = jsonPathProblem(path);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  value: z
    .string()
    .min(1, `is required: ${MASK_HASH_FUNCTIONS.join(' or ')}, or a fixed text such as '***'`)
    .refine((value) => !unsupportedHashName(value), {
      message: `names a hash function this server does not have (supported: ${MASK_HASH_FUNCTIONS.join(', ')})`,
    }),
});

/** A validated mask. */
export type ConfigMask = z.infer<typeof maskSchema>;

/** The variables a CEL selector or filter sees: config-db's item fields (`config_type`, `name`, `config`…). */
export function itemVariables(item: ScrapedItem, config: unknown): Record<string, unknown> {
  return {
    id: item.key,
    config_type: item.type,
    type: item.type,
    config_class: item.configClass,
    name: item.name,
    description: item.description ?? null,
    status: item.status ?? null,
    health: item.health ?? null,
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    source: item.source ?? null,
    config,
  };
}

/**
 * Whether a mask applies to an item. The older `{type}` form matches the item's type or class (config-db
 * compared it with the class; this server's classes default to the type). A CEL selector that fails on
 * an item — it reads a field the item lacks — does not select it, as in config-db.
 */
function selects(mask: ConfigMask, item: ScrapedItem, config: unknown): boolean {
  if (typeof mask.selector !== 'string') {
    return mask.selector.type === item.type || mask.selector.type === item.configClass;
  }
  try {
    return evaluateExpression(mask.selector, itemVariables(item, config)) === true;
  } catch {
    return false;
  }
}

type Replace = (value: unknown) => unknown;

/** Replaces every value the path finds in a copy of the document; a path that finds nothing changes nothing. */
function replaceAt(document: unknown, path: string, replace: Replace): unknown {
  if (typeof document !== 'object' || document === null) return document;
  const copy = structuredClone(document);
  // resultType 'all' gives each match's parent and property; JSONPath Plus types its input as an object.
  const matches: unknown = JSONPath({ path: rootedPath(path), json: copy as object, resultType: 'all', wrap: true });
  for (const match of Array.isArray(matches) ? matches : []) {
    const { parent, parentProperty, value } = match as {
      parent?: unknown;
      parentProperty?: string | number;
      value: unknown;
    };
    if (parent === null || typeof parent !== 'object' || parentProperty === undefined) continue; // the root: refused at save
    (parent as Record<string | number, unknown>)[parentProperty] = replace(value);
  }
  return copy;
}

/** What a mask puts in place of a scraped value: its hash, or the fixed text. */
function scrapedReplacement(mask: ConfigMask): Replace {
  const fn = mask.value;
  return isHashFunction(fn) ? (value) => hashOfValue(fn, value) : () => fn;
}

/**
 * What a mask puts in place of a stored value (the older side of a change diff). A value already in the
 * hash's form (lower-case hex of its length) was masked when it was stored and stays, so an unchanged
 * secret compares equal; anything else — a document stored before the mask existed — is masked now.
 */
function storedReplacement(mask: ConfigMask): Replace {
  const fn = mask.value;
  if (!isHashFunction(fn)) return () => fn;
  const digest = new RegExp(`^[0-9a-f]{${hashOfValue(fn, '').length}}$`);
  return (value) => (typeof value === 'string' && digest.test(value) ? value : hashOfValue(fn, value));
}

/** Masks each item's document in place, mask by mask in the written order (config-db's order). */
export function maskItems(masks: readonly ConfigMask[], items: ScrapedItem[]): void {
  for (const mask of masks) {
    const replace = scrapedReplacement(mask);
    for (const item of items) {
      if (selects(mask, item, item.config)) item.config = replaceAt(item.config, mask.jsonpath, replace);
    }
  }
}

/**
 * The stored document of an item as the masks would have left it, for the older side of its change diff:
 * a mask applies when its selector picks the item by either document, so a secret stored before its mask
 * was written never shows in the diff that replaces it.
 */
export function maskStoredConfig(masks: readonly ConfigMask[], item: ScrapedItem, stored: unknown): unknown {
  let masked = stored;
  for (const mask of masks) {
    if (!selects(mask, item, masked) && !selects(mask, item, item.config)) continue;
    masked = replaceAt(masked, mask.jsonpath, storedReplacement(mask));
  }
  return masked;
}

/** Masks items whose entry is not known (an agent's push): every mask of the document, stored-side rules. */
export function maskUnattributedItems(masks: readonly ConfigMask[], items: ScrapedItem[]): void {
  for (const item of items) item.config = maskStoredConfig(masks, item, item.config);
}
