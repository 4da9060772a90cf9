/**
 * Reads that depend on which components the reader may read (docs/topology.md, "Permissions on the
 * tree"). Row scopes leave out the rows of hidden components, but some rows a reader may read are built
 * from hidden ones: a component's status reason and children counts roll up from its children, a status
 * change names the child that caused it, and `component_labels` lists labels without saying whose. For a
 * reader whose component scopes hide something, those tables are read from a per-reader source instead of
 * the stored table, so select, filters, order, counts and embeds all see the same redacted values.
 */
import type { RowScope } from '../../platform/access.js';
import type { TableInfo } from './schema-cache.js';
import { ident, type SqlParams, tableRef } from './sql-text.js';

/** The reader's component subtrees as SQL `text[]` parameters. */
interface ComponentReach {
  /** Roots of the granted subtrees; `NULL::text[]` when every component is granted. */
  kept: string;
  /** Roots of the denied subtrees (possibly empty). */
  denied: string;
}

/** SQL of a column of the stored row, by name. */
type ColumnOf = (name: string) => string;

/**
 * Columns derived from other components, read through a function of migrations 0131/0132 when the reader
 * is denied some components (a grant covers whole subtrees, so only deny rows hide a visible row's parts).
 */
const DERIVED_COLUMNS: Readonly<Record<string, Readonly<Record<string, (col: ColumnOf, denied: string) => string>>>> = {
  components: {
    status_reason: (col, denied) =>
      `component_visible_reason(${col('id')}, ${col('status')}, ${col('status_reason')}, ${denied})`,
    summary: (col, denied) => `component_visible_summary(${col('id')}, ${col('summary')}, ${denied})`,
  },
  component_changes: {
    summary: (col, denied) =>
      `component_change_visible_summary(${col('component_id')}, ${col('change_type')}, ${col('summary')}, ${denied})`,
    details: (col, denied) =>
      `component_change_visible_details(${col('component_id')}, ${col('change_type')}, ${col('details')}, ${denied})`,
  },
  changes_by_component: {
    summary: (col, denied) =>
      `(CASE WHEN ${col('source')} = 'topology' THEN component_change_visible_summary(${col('component_id')}, ${col('change_type')}, ${col('summary')}, ${denied}) ELSE ${col('summary')} END)`,
  },
};

/**
 * Tables with no component column, read for a restricted reader through a function that applies the
 * reader's subtrees itself (migration 0130); the row scopes are then not applied again.
 */
const SCOPED_SOURCES: Readonly<Record<string, (reach: ComponentReach) => string>> = {
  component_labels: (reach) => `"public".component_labels_visible(${reach.kept}, ${reach.denied})`,
};

/** Where one level of a read takes its rows from, and whether that source already applied the row scopes. */
export interface ReaderSource {
  from: string;
  scoped: boolean;
}

function reachOf(scopes: readonly RowScope[], params: SqlParams): ComponentReach | undefined {
  const subtrees = scopes.filter((s) => s.match === 'component_subtree');
  if (subtrees.length === 0) return undefined;
  const keep = scopes.filter((s) => !s.exclude);
  const kept =
    keep.length === 0
      ? 'NULL::text[]'
      : `${params.add(subtrees.filter((s) => !s.exclude).flatMap((s) => s.values))}::text[]`;
  const denied = `${params.add(subtrees.filter((s) => s.exclude).flatMap((s) => s.values))}::text[]`;
  return { kept, denied };
}

/**
 * The FROM source of `table` for a reader with `scopes` (the access policy's row scopes of that table):
 * `base` (the table itself, or an RPC call returning its rows), or — when some component is hidden from
 * the reader — the per-reader source above.
 */
export function readerSource(
  table: TableInfo,
  scopes: readonly RowScope[] | undefined,
  params: SqlParams,
  base: string = tableRef(table),
): ReaderSource {
  const stored: ReaderSource = { from: base, scoped: false };
  if (!scopes) return stored;
  const scoped = SCOPED_SOURCES[table.name];
  if (scoped && base === tableRef(table)) {
    const reach = reachOf(scopes, params);
    return reach ? { from: scoped(reach), scoped: true } : stored;
  }
  const derived = DERIVED_COLUMNS[table.name];
  const denied = scopes.filter((s) => s.exclude && s.match === 'component_subtree').flatMap((s) => s.values);
  if (!derived || denied.length === 0) return stored;
  const deniedSql = `${params.add(denied)}::text[]`;
  const col: ColumnOf = (name) => `pgrst_src.${ident(name)}`;
  const columns = [...table.columns.keys()].map((name) => {
    const rule = derived[name];
    return rule ? `${rule(col, deniedSql)} AS ${ident(name)}` : col(name);
  });
  return { from: `(SELECT ${columns.join(', ')} FROM ${base} AS pgrst_src)`, scoped: false };
}
