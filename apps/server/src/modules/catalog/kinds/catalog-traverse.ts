/**
 * config-db's `catalog.traverse(id, "Type/Type…", direction)` in a scraper's `transform.expr` (duty
 * query/config_traversal.go): from the item `id`, each `/`-separated type is one step — the items of that
 * type related to the current ones within 5 levels (relationships in `direction`, `incoming` by default,
 * `outgoing` or `all`, plus each item's parents), the current item left out — and the answer is the last
 * step's items as config-db's ConfigItem maps (`id`, `name`, `type`, `config_class`, `config` as JSON text,
 * `labels`, `tags`…), nearest first. An id that is not a UUID answers an empty list, as upstream's failed
 * query does. It reads the catalog as whoever last saved the scraper may (a person's permission rows, or
 * everything for a scraper saved by the system) and is bounded: at most {@link MAX_TRAVERSE_ITEMS} items
 * per step and {@link MAX_TRAVERSE_LOOKUPS} lookups per scraper entry (repeated lookups are answered from
 * the entry's own cache). It runs while a scrape of the server collects (`withCatalogTraversal`); where
 * there is no catalog (an agent's scrape) it fails saying so.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '@mc/db';
import { extendExpressions } from '../../health/index.js';
import { authorize, type Grants, loadGrants } from '../../rbac/index.js';
import { itemsByIds, relatedIdsOfType, scraperSaver, type TraversedItem } from './catalog-traverse.repo.js';

/** Most items one step of a traversal may reach; more fails the expression naming the step. */
export const MAX_TRAVERSE_ITEMS = 1_000;
/** Most relationship lookups one scraper entry's expressions may make (one per item and step). */
export const MAX_TRAVERSE_LOOKUPS = 10_000;
/** The directions config-db's related_configs_recursive takes. */
const DIRECTIONS = ['incoming', 'outgoing', 'all'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TraversalScope {
  database: Database;
  scraperId: string;
  /** The saver's grants, read once per scope; null: the system (reads everything). */
  grants?: Promise<Grants | null>;
  lookups: Map<string, Promise<string[]>>;
}

const scopes = new AsyncLocalStorage<TraversalScope>();

/** Scrapes collecting with a traversal scope now; the storage is switched off when the last one ends. */
let activeScopes = 0;

/** A traversal that cannot go on; its message is the expression's error. */
export class TraverseError extends Error {
  override name = 'TraverseError';
}

/**
 * Runs one scraper entry's scrape with `catalog.traverse` reading this server's catalog as the
 * scraper's saver; without a database (an agent) the function fails when called. Once no scrape is
 * collecting, the storage is disabled: on Node 20 an enabled AsyncLocalStorage keeps async hooks on for
 * the whole thread, a hook call for every promise, timer and socket of every check run afterwards
 * (issue 32 item 2: the job thread ran all its checks with them after one scrape). The next scope
 * enables it again.
 */
export async function withCatalogTraversal<T>(
  ctx: { database?: Database; scraper: { id: string } },
  run: () => Promise<T>,
): Promise<T> {
  if (!ctx.database) return run();
  activeScopes++;
  try {
    return await scopes.run({ database: ctx.database, scraperId: ctx.scraper.id, lookups: new Map() }, run);
  } finally {
    activeScopes--;
    if (activeScopes === 0) scopes.disable();
  }
}

async function grantsOf(scope: TraversalScope): Promise<Grants | null> {
  scope.grants ??= scraperSaver(scope.database.pool, scope.scraperId).then((saver) =>
    saver ? loadGrants(scope.database.db, saver) : null,
  );
  return scope.grants;
}

function readable(grants: Grants | null, id: string): boolean {
  if (!grants) return true;
  return authorize(grants, { kind: 'database', action: 'read', resource: { field: 'config_id', id } }).allow;
}

function lookup(scope: TraversalScope, id: string, type: string, direction: string): Promise<string[]> {
  const key = `${id}\u0000${type}\u0000${direction}`;
  const cached = scope.lookups.get(key);
  if (cached) return cached;
  if (scope.lookups.size >= MAX_TRAVERSE_LOOKUPS)
    throw new TraverseError(`catalog.traverse: more than ${MAX_TRAVERSE_LOOKUPS} lookups in one scraper entry`);
  const found = relatedIdsOfType(scope.database.pool, id, type, direction, MAX_TRAVERSE_ITEMS + 1);
  scope.lookups.set(key, found);
  return found;
}

/** One step: the readable items of `type` related to each of `ids`, in order (upstream keeps repeats). */
async function step(scope: TraversalScope, ids: readonly string[], type: string, direction: string) {
  const grants = await grantsOf(scope);
  const next: string[] = [];
  for (const id of ids) {
    for (const found of await lookup(scope, id, type, direction)) if (readable(grants, found)) next.push(found);
    if (next.length > MAX_TRAVERSE_ITEMS)
      throw new TraverseError(`catalog.traverse: the step to ${type} reaches more than ${MAX_TRAVERSE_ITEMS} items`);
  }
  return next;
}

function asCelItem(item: TraversedItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (value === null || value === undefined) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * The items config-db's `catalog.traverse` answers for `id` along `typePath` in `direction`, read as the
 * scraper's saver may; outside a scrape of this server it throws saying why.
 */
export async function traverseCatalog(id: string, typePath: string, direction = 'incoming') {
  const scope = scopes.getStore();
  if (!scope) throw new TraverseError("catalog.traverse reads this server's catalog: it runs only in its scrapes");
  if (!DIRECTIONS.includes(direction))
    throw new TraverseError(`catalog.traverse: direction must be incoming, outgoing or all, not ${direction}`);
  if (!UUID.test(id)) return [];
  let ids: string[] = [id];
  for (const type of typePath.split('/')) {
    ids = await step(scope, ids, type, direction);
    if (ids.length === 0) return [];
  }
  const byId = new Map((await itemsByIds(scope.database.pool, ids)).map((item) => [item.id, item]));
  return ids.flatMap((found) => {
    const item = byId.get(found);
    return item ? [asCelItem(item)] : [];
  });
}

/**
 * The CEL of a scraper's `transform.expr`: canary-checker's environment plus `catalog.traverse` with two
 * or three arguments (the direction defaults to `incoming`, as upstream's binding has it).
 */
export const transformExpressions = extendExpressions('catalog', [
  {
    signature: 'traverse(string, string): list',
    handler: (_: unknown, id: string, types: string) => traverseCatalog(id, types),
  },
  {
    signature: 'traverse(string, string, string): list',
    handler: (_: unknown, id: string, types: string, direction: string) => traverseCatalog(id, types, direction),
  },
]);
