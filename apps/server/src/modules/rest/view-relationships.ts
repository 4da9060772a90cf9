import type { ViewColumnOrigin } from './view-origins.js';

/** A foreign key (a real constraint, or one declared for a view) from `table(columns)` to `refTable(refColumns)`. */
export interface KeyEdge {
  constraint: string;
  table: string;
  columns: readonly string[];
  refTable: string;
  refColumns: readonly string[];
  /** The key columns are unique in `table` (a primary key or unique constraint): one-to-one. */
  oneToOne: boolean;
}

/** For each base column, the view columns showing it, per view: `view -> table.column -> [view columns]`. */
type OriginIndex = Map<string, Map<string, string[]>>;

function indexOrigins(origins: readonly ViewColumnOrigin[]): OriginIndex {
  const index: OriginIndex = new Map();
  for (const o of origins) {
    let byBase = index.get(o.view);
    if (!byBase) {
      byBase = new Map();
      index.set(o.view, byBase);
    }
    const key = `${o.table}.${o.tableColumn}`;
    byBase.set(key, [...(byBase.get(key) ?? []), o.column]);
  }
  return index;
}

/** Every way a view shows all of `table(columns)`: one column list per combination of view columns. */
function showings(byBase: Map<string, string[]>, table: string, columns: readonly string[]): string[][] {
  let combos: string[][] = [[]];
  for (const column of columns) {
    const viewColumns = byBase.get(`${table}.${column}`);
    if (!viewColumns) return [];
    combos = combos.flatMap((combo) => viewColumns.map((v) => [...combo, v]));
  }
  return combos;
}

/**
 * The keys views take from their base tables, as PostgREST's schema cache derives them: a view showing
 * all columns of a foreign key holds that key (view → referenced table), a view showing all referenced
 * columns is referenced by it (table → view), and both at once relate two views; each keeps the
 * constraint's name and cardinality.
 */
export function viewKeyEdges(keys: readonly KeyEdge[], origins: readonly ViewColumnOrigin[]): KeyEdge[] {
  const index = indexOrigins(origins);
  const out: KeyEdge[] = [];
  for (const key of keys) {
    const holders: { view: string; columns: string[] }[] = [];
    const referenced: { view: string; columns: string[] }[] = [];
    for (const [view, byBase] of index) {
      for (const columns of showings(byBase, key.table, key.columns)) holders.push({ view, columns });
      for (const columns of showings(byBase, key.refTable, key.refColumns)) referenced.push({ view, columns });
    }
    for (const h of holders) out.push({ ...key, table: h.view, columns: h.columns });
    for (const r of referenced) out.push({ ...key, refTable: r.view, refColumns: r.columns });
    for (const h of holders) {
      for (const r of referenced)
        out.push({ ...key, table: h.view, columns: h.columns, refTable: r.view, refColumns: r.columns });
    }
  }
  return out;
}

/**
 * A view's primary key as PostgREST infers it: the columns showing the primary key of a base table the
 * view shows whole (the first view column for a base column shown twice), concatenated over its base tables.
 */
export function viewPrimaryKey(
  view: string,
  primaryKeys: ReadonlyMap<string, readonly string[]>,
  origins: readonly ViewColumnOrigin[],
): string[] {
  const byBase = indexOrigins(origins.filter((o) => o.view === view)).get(view);
  if (!byBase) return [];
  const key: string[] = [];
  for (const [table, columns] of primaryKeys) {
    const [first] = showings(byBase, table, columns);
    if (first) key.push(...first);
  }
  return key;
}
