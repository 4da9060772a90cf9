import type pg from 'pg';

/** One output column of a view's top-level query and the column it reads unchanged, if any. */
export interface TargetEntryOrigin {
  /** The view column's position (pg_attribute.attnum of the view). */
  resno: number;
  /** pg_class oid of the relation the value comes from, as text (0 when computed). */
  originTable: string;
  /** attnum of that relation's column (0 when computed). */
  originColumn: number;
}

/** Splits a pg_node_tree text into tokens: `(`, `)`, `{`, `}` alone, others up to an unescaped break. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ' || ch === '\n' || ch === '\t') {
      i += 1;
    } else if (ch === '(' || ch === ')' || ch === '{' || ch === '}') {
      tokens.push(ch);
      i += 1;
    } else {
      let token = '';
      while (i < text.length && !' \n\t(){}'.includes(text[i] as string)) {
        // A backslash escapes the next character (outToken escapes spaces, brackets and braces in names).
        if (text[i] === '\\') i += 1;
        token += text[i] ?? '';
        i += 1;
      }
      tokens.push(token);
    }
  }
  return tokens;
}

/**
 * The origins of a view's columns, read from its rewrite rule (`pg_rewrite.ev_action`): PostgreSQL's
 * parser records on each entry of the top-level target list the base column a plain column reference
 * comes from (`resorigtbl`/`resorigcol`, following subqueries and CTEs, stopping at other views). This
 * is what PostgREST reads to give views the relationships of their base tables.
 */
export function targetListOrigins(nodeTree: string): TargetEntryOrigin[] {
  const tokens = tokenize(nodeTree);
  const out: TargetEntryOrigin[] = [];
  let depth = 0;
  let inList = false;
  let entry: Partial<TargetEntryOrigin> = {};
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token === '(' || token === '{') {
      depth += 1;
      if (inList && depth === 4) entry = {};
      continue;
    }
    if (token === ')' || token === '}') {
      depth -= 1;
      if (inList && depth === 3 && token === '}' && entry.resno !== undefined) {
        out.push({ resno: entry.resno, originTable: entry.originTable ?? '0', originColumn: entry.originColumn ?? 0 });
      }
      if (inList && depth === 2) return out;
      continue;
    }
    // The first query of the rule's list (`({QUERY …})`) sits at depth 2; its entries at depth 4.
    if (!inList && depth === 2 && token === ':targetList') {
      if (tokens[i + 1] !== '(') return out;
      inList = true;
    } else if (inList && depth === 4) {
      const value = tokens[i + 1] ?? '';
      if (token === ':resno') entry.resno = Number(value);
      else if (token === ':resorigtbl') entry.originTable = value;
      else if (token === ':resorigcol') entry.originColumn = Number(value);
    }
  }
  return out;
}

/** A view column and the base table column it shows unchanged. */
export interface ViewColumnOrigin {
  view: string;
  column: string;
  table: string;
  tableColumn: string;
}

const VIEWS_SQL = `
SELECT c.oid::text AS oid, r.ev_action::text AS tree
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_rewrite r ON r.ev_class = c.oid AND r.rulename = '_RETURN'
WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm')`;

const ATTRIBUTES_SQL = `
SELECT c.oid::text AS oid, c.relname AS relation, a.attnum AS attnum, a.attname AS name
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm')`;

/**
 * Every column of every view of the public schema that shows a column of another relation unchanged,
 * with that relation (a table, or a view for a view over a view) and, through views over views, the
 * base table at the end of the chain too, as PostgREST's schema cache records them.
 */
export async function loadViewColumnOrigins(pool: pg.Pool): Promise<ViewColumnOrigin[]> {
  const [views, attributes] = await Promise.all([
    pool.query<{ oid: string; tree: string }>(VIEWS_SQL),
    pool.query<{ oid: string; relation: string; attnum: number; name: string }>(ATTRIBUTES_SQL),
  ]);
  const relationName = new Map<string, string>();
  const columnName = new Map<string, string>();
  for (const a of attributes.rows) {
    relationName.set(a.oid, a.relation);
    columnName.set(`${a.oid}:${a.attnum}`, a.name);
  }
  // view oid:attnum -> origin oid:attnum
  const direct = new Map<string, string>();
  for (const view of views.rows) {
    for (const e of targetListOrigins(view.tree)) {
      if (e.originTable !== '0' && e.originColumn > 0)
        direct.set(`${view.oid}:${e.resno}`, `${e.originTable}:${e.originColumn}`);
    }
  }
  const out: ViewColumnOrigin[] = [];
  for (const [viewColumn, first] of direct) {
    const [viewOid = ''] = viewColumn.split(':');
    const view = relationName.get(viewOid);
    const column = columnName.get(viewColumn);
    if (!view || !column) continue;
    const seen = new Set<string>([viewColumn]);
    for (let origin: string | undefined = first; origin && !seen.has(origin); origin = direct.get(origin)) {
      seen.add(origin);
      const [oid = ''] = origin.split(':');
      const table = relationName.get(oid);
      const tableColumn = columnName.get(origin);
      if (table && tableColumn) out.push({ view, column, table, tableColumn });
    }
  }
  return out;
}
