/**
 * An entry's `properties` (config-db's per-item properties, duty's Property): each property whose
 * `filter` (CEL over the item) holds is stored in `config_items.properties`, its text fields rendered as
 * Go templates over the item (`.id`, `.name`, `.config_type`, `.config`, `.labels`, `.tags`…; after the
 * masks). config-db templates before the id and name are read; here they are offered too. The `$( )`
 * delimiters are refused when the scraper is saved.
 */
import { z } from 'zod';
import { renderGoTemplate } from '../../../platform/go-template/index.js';
import { evaluateExpression } from '../../health/index.js';
import { itemVariables } from './config-mask.js';
import type { ScrapedItem } from './scraper-kind.js';
import { strictEntry } from './strict-entry.js';
import { refineCatalogTemplate } from './template-refinement.js';

const templated = z.string().max(4000).superRefine(refineCatalogTemplate);

const linkSchema = strictEntry({
  type: templated.optional(),
  url: templated.optional(),
  label: templated.optional(),
  tooltip: templated.optional(),
  icon: templated.optional(),
  text: templated.optional(),
});

/** One `properties[]` entry. */
export const propertySchema = strictEntry({
  filter: z.string().min(1).optional(),
  name: templated.optional(),
  label: templated.optional(),
  type: templated.optional(),
  tooltip: templated.optional(),
  icon: templated.optional(),
  color: templated.optional(),
  text: templated.optional(),
  unit: templated.optional(),
  status: templated.optional(),
  lastTransition: templated.optional(),
  order: z.number().int().optional(),
  headline: z.boolean().optional(),
  hidden: z.boolean().optional(),
  value: z.number().int().optional(),
  max: z.number().int().optional(),
  min: z.number().int().optional(),
  links: z.array(linkSchema).optional(),
});
/** A validated property. */
export type PropertyRule = z.infer<typeof propertySchema>;

function rendered(value: unknown, env: Record<string, unknown>): unknown {
  if (typeof value === 'string') return value.includes('{{') ? renderGoTemplate(value, env) : value;
  if (Array.isArray(value)) return value.map((entry) => rendered(entry, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, rendered(entry, env)]));
  }
  return value;
}

/** Sets each item's properties from the entry's rules; a template or filter error is thrown. */
export function applyProperties(rules: readonly PropertyRule[], items: ScrapedItem[]): void {
  if (rules.length === 0) return;
  for (const item of items) {
    const env = itemVariables(item, item.config);
    const out: unknown[] = [];
    for (const { filter, ...property } of rules) {
      if (filter && evaluateExpression(filter, env) !== true) continue;
      out.push(rendered(property, env));
    }
    item.properties = out;
  }
}
