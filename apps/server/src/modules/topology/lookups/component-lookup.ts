/**
 * A component's `lookup`: each row its SQL, HTTP or catalog lookups answer, and each catalog item its
 * config lookups match, becomes a child spec. A failed lookup is reported and marks the component so its
 * previous children stay.
 */
import type { TopologyComponentSpec } from '@mc/contracts';
import { matchConfigs } from '../links.repo.js';
import { runCatalogLookup } from './catalog-lookup.js';
import { httpLookupName, runHttpLookup } from './http-lookup.js';
import { cachedLookup, type LookupContext } from './lookup-context.js';
import { LookupError, rowsToComponents } from './lookup-rows.js';
import { runSqlLookup } from './sql-lookup.js';

/** A child spec, with the catalog item it stands for when a config lookup found it. */
export type LookedUpSpec = TopologyComponentSpec & { configId?: string };

/** Evaluates one component's lookups into child specs; failures are collected, not thrown. */
export async function lookupChildren(
  ctx: LookupContext,
  spec: TopologyComponentSpec,
): Promise<{ children: LookedUpSpec[]; failed: boolean }> {
  const { database } = ctx.deps;
  const lookup = spec.lookup;
  if (!lookup) return { children: [], failed: false };
  const children: LookedUpSpec[] = [];
  let failed = false;
  const attempt = async (work: () => Promise<TopologyComponentSpec[]>) => {
    try {
      children.push(...(await work()));
    } catch (error) {
      if (!(error instanceof LookupError)) throw error;
      failed = true;
      ctx.errors.push(`${spec.name}: ${error.message}`);
    }
  };
  for (const entry of lookup.postgres ?? []) {
    const what = `postgres lookup ${entry.name ? `${entry.name} ` : ''}of ${spec.name}`;
    await attempt(async () =>
      rowsToComponents(
        await cachedLookup(ctx, { postgres: entry }, () => runSqlLookup(ctx.deps, entry, ctx.signal, ctx.savedBy)),
        entry,
        what,
      ),
    );
  }
  for (const entry of lookup.http ?? []) {
    await attempt(async () =>
      rowsToComponents(
        await cachedLookup(ctx, { http: entry }, () => runHttpLookup(database, entry, ctx.signal)),
        entry,
        httpLookupName(entry),
      ),
    );
  }
  for (const entry of lookup.catalog ?? []) {
    await attempt(() => runCatalogLookup(ctx, entry));
  }
  for (const selector of lookup.configs ?? []) {
    const items = await matchConfigs(database.db, selector);
    children.push(
      ...items.map((item) => ({
        name: item.name ?? item.id,
        type: item.type,
        ...(item.labels ? { labels: item.labels } : {}),
        configId: item.id,
      })),
    );
  }
  return { children, failed };
}
