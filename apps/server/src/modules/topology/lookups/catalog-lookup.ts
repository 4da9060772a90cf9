/**
 * A component's `catalog` lookup (canary-checker's catalog check used as a lookup): the live items its
 * selectors match are `results` (each item's fields and its `config` JSON). Without a `display` each
 * item becomes a child linked to it; with one, the display's rows do (`dyn(results).map(r, {…}).toJSON()`).
 * A `test` that does not pass fails the lookup, as a failing check gives upstream no results.
 */
import { type catalogLookupSchema, TOPOLOGY_LIMITS, type TopologyComponentSpec } from '@mc/contracts';
import type { z } from 'zod';
import { type LookedUpItem, selectCatalogItems } from '../config-lookup.repo.js';
import type { LookupContext } from './lookup-context.js';
import { evaluateDisplay } from './lookup-display.js';
import { LookupError, rowsToComponents } from './lookup-rows.js';

type CatalogLookup = z.infer<typeof catalogLookupSchema>;

/** How errors name a catalog lookup. */
export const catalogLookupName = (lookup: CatalogLookup) => `catalog lookup${lookup.name ? ` ${lookup.name}` : ''}`;

async function results(ctx: LookupContext, lookup: CatalogLookup): Promise<LookedUpItem[]> {
  const byId = new Map<string, LookedUpItem>();
  for (const selector of lookup.selector) {
    for (const item of await selectCatalogItems(ctx.deps.database.db, selector, TOPOLOGY_LIMITS.maxLookupRows + 1)) {
      byId.set(item.id, item);
    }
  }
  return [...byId.values()];
}

const PASS = new Set(['true', '1', 't']);

/** The child specs of one catalog lookup, or a {@link LookupError} naming it. */
export async function runCatalogLookup(
  ctx: LookupContext,
  lookup: CatalogLookup,
): Promise<(TopologyComponentSpec & { configId?: string })[]> {
  const where = catalogLookupName(lookup);
  const items = await results(ctx, lookup);
  if (items.length > TOPOLOGY_LIMITS.maxLookupRows) {
    throw new LookupError(`${where} matched more than ${TOPOLOGY_LIMITS.maxLookupRows} items`);
  }
  const variables = { results: items };
  const test = lookup.test;
  if (test && (test.expr || test.template || test.javascript)) {
    const passed = await evaluateDisplay(test, variables, `${where}: test`);
    if (passed !== true && !PASS.has(String(passed).toLowerCase())) throw new LookupError(`${where}: test failed`);
  }
  if (!lookup.display) {
    return items.map((item) => ({
      name: item.name ?? item.id,
      type: lookup.type ?? item.type,
      ...(lookup.icon ? { icon: lookup.icon } : {}),
      ...(item.labels ? { labels: item.labels } : {}),
      configId: item.id,
    }));
  }
  const rows = await evaluateDisplay(lookup.display, variables, where);
  if (!Array.isArray(rows)) throw new LookupError(`${where}: the display's answer is not a list`);
  return rowsToComponents(rows, lookup, where);
}
