/**
 * `transform.aliases`, config-db's other names of an item: for each rule whose `type` matches the item's
 * type (comma-separated `*` wildcards, `!` to exclude; empty: every type) and whose `filter` (CEL over
 * the item) is true, each of `values` is rendered as a Go template over the item (`.id`, `.name`,
 * `.config_type`, `.config`, `.labels`, `.tags`…) and stored in `config_items.external_id` beside the
 * item's id, so relationships and lookups by `external_id` find it. As config-db does, an empty alias or
 * one ending in `/` (a template whose placeholder was empty) is dropped. Runs after the masks.
 */
import { z } from 'zod';
import { renderGoTemplate } from '../../../platform/go-template/index.js';
import { wildcardMatch } from '../../../platform/wildcard-match.js';
import { evaluateExpression } from '../../health/index.js';
import { itemVariables } from './config-mask.js';
import type { ScrapedItem } from './scraper-kind.js';
import { refusedKey, strictEntry } from './strict-entry.js';
import { refineCatalogTemplate } from './template-refinement.js';

/** Most aliases one item keeps. */
export const MAX_ITEM_ALIASES = 100;

const templateValue = z.string().min(1, 'is required').max(2000).superRefine(refineCatalogTemplate);

/** One `transform.aliases[]` rule. */
export const aliasRuleSchema = strictEntry({
  type: z.string().max(256).optional(),
  filter: z.string().min(1).optional(),
  values: z.array(templateValue).min(1, 'at least one value is required'),
  withParent: refusedKey('withParent', "the parent's fields are not offered to the template"),
});
/** A validated alias rule. */
export type AliasRule = z.infer<typeof aliasRuleSchema>;

function typeMatches(expression: string | undefined, type: string): boolean {
  const patterns = (expression ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (patterns.length === 0) return true;
  if (patterns.some((pattern) => pattern.startsWith('!') && wildcardMatch(pattern.slice(1), type))) return false;
  const wanted = patterns.filter((pattern) => !pattern.startsWith('!'));
  return wanted.length === 0 || wanted.some((pattern) => wildcardMatch(pattern, type));
}

/** Adds each item's aliases to its `externalIds`; a template or filter error is thrown. */
export function applyAliases(rules: readonly AliasRule[], items: ScrapedItem[]): void {
  if (rules.length === 0) return;
  for (const item of items) {
    const env = itemVariables(item, item.config);
    const found = new Set(item.externalIds ?? []);
    for (const rule of rules) {
      if (!typeMatches(rule.type, item.type)) continue;
      if (rule.filter && evaluateExpression(rule.filter, env) !== true) continue;
      for (const value of rule.values) {
        const alias = renderGoTemplate(value, env).trim();
        if (alias && !alias.endsWith('/')) found.add(alias);
      }
    }
    item.externalIds = [...found].slice(0, MAX_ITEM_ALIASES);
  }
}
