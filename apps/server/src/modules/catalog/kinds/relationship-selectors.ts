/**
 * `transform.relationship`, config-db's RelationshipConfig, over the items of one scrape: each item
 * passing `filter` (CEL over the item: `config`, `id`, `name`, `config_type`, `labels`, `tags`…) relates
 * to every item of the same scrape the selector names — `id`, `external_id`, `name`, `namespace` (the
 * item's namespace tag), `type` and `labels`, all of them matching — or that each selector returned by
 * `expr` (a CEL list of such objects) names. A lookup that comes out empty makes no selector, as in
 * config-db. `parent: true` makes the found item the item's parent instead of a related one.
 */
import { JSONPath } from 'jsonpath-plus';
import { evaluateExpression } from '../../health/index.js';
import { itemVariables } from './config-mask.js';
import type { ItemRef, ScrapedItem, ScrapedRelationship } from './scraper-kind.js';
import type { Lookup, RelationshipRule, SelectorField } from './transform-schema.js';

/** A selector with its lookups evaluated. */
type Selector = Partial<Record<SelectorField, string>> & { labels?: Record<string, string> };

const FIELDS: readonly SelectorField[] = ['id', 'external_id', 'name', 'namespace', 'type'];

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function evaluateLookup(lookup: Lookup, item: ScrapedItem, vars: Record<string, unknown>): string {
  if (typeof lookup === 'string') {
    if (!lookup.startsWith('$')) return lookup;
    // JSONPath Plus types its input as an object; any JSON value works at run time.
    const found: unknown = JSONPath({ path: lookup, json: item.config as object, wrap: true });
    return text(Array.isArray(found) ? found[0] : undefined);
  }
  if (lookup.value !== undefined) return lookup.value;
  if (lookup.label !== undefined) return item.labels?.[lookup.label] ?? '';
  return text(evaluateExpression(lookup.expr ?? '', vars));
}

/** The rule's own selector, or null when one of its lookups is empty. */
function templateSelector(rule: RelationshipRule, item: ScrapedItem, vars: Record<string, unknown>): Selector | null {
  const selector: Selector = {};
  for (const field of FIELDS) {
    const lookup = rule[field];
    if (lookup === undefined) continue;
    const value = evaluateLookup(lookup, item, vars);
    if (!value) return null;
    selector[field] = value;
  }
  if (rule.labels) selector.labels = rule.labels;
  return selector;
}

/** The selectors a rule's `expr` returns: a list of objects with the selector fields only. */
function exprSelectors(expr: string, vars: Record<string, unknown>): Selector[] {
  const result = evaluateExpression(expr, vars);
  if (!Array.isArray(result))
    throw new Error(`relationship expr must return a list of selectors, not ${typeof result}`);
  return result.map((entry) => {
    if (typeof entry !== 'object' || entry === null) throw new Error('relationship expr must return objects');
    const selector: Selector = {};
    for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
      if (key === 'labels' && typeof value === 'object' && value !== null) {
        selector.labels = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)]));
      } else if ((FIELDS as readonly string[]).includes(key)) selector[key as SelectorField] = text(value);
      else throw new Error(`relationship expr returned ${key}, which this server does not match on`);
    }
    return selector;
  });
}

function matches(selector: Selector, other: ScrapedItem): boolean {
  if (selector.id !== undefined && other.key !== selector.id) return false;
  if (selector.external_id !== undefined && other.key !== selector.external_id) {
    if (!(other.externalIds ?? []).includes(selector.external_id)) return false;
  }
  if (selector.name !== undefined && other.name !== selector.name) return false;
  if (selector.namespace !== undefined && other.tags?.namespace !== selector.namespace) return false;
  if (selector.type !== undefined && other.type !== selector.type) return false;
  for (const [key, value] of Object.entries(selector.labels ?? {})) {
    if (other.labels?.[key] !== value) return false;
  }
  return Object.keys(selector).length > 0;
}

/**
 * The rules' relationships over `items` (the items of their entry), matched against `all` (every item
 * of the scrape); sets `parent` on items of a `parent: true` rule. Expression errors are thrown.
 */
export function selectorRelationships(
  rules: readonly RelationshipRule[],
  items: ScrapedItem[],
  all: ScrapedItem[],
): ScrapedRelationship[] {
  const out: ScrapedRelationship[] = [];
  for (const rule of rules) {
    for (const item of items) {
      const vars = itemVariables(item, item.config);
      if (rule.filter && evaluateExpression(rule.filter, vars) !== true) continue;
      const selectors = rule.expr ? exprSelectors(rule.expr, vars) : [templateSelector(rule, item, vars)];
      for (const selector of selectors) {
        if (!selector) continue;
        for (const target of all.filter((other) => other !== item && matches(selector, other))) {
          const ref: ItemRef = { type: target.type, key: target.key };
          if (rule.parent) item.parent = ref;
          else out.push({ from: { type: item.type, key: item.key }, to: ref, relation: rule.relation ?? '' });
        }
      }
    }
  }
  return out;
}
