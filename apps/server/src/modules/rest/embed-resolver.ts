import { PgrstError } from './pgrst-error.js';
import type { ForeignKey, SchemaCache, TableInfo } from './schema-cache.js';

/** How an embedded resource joins its parent. */
export interface ResolvedEmbed {
  target: TableInfo;
  fk: ForeignKey;
  /** Many-to-one (the parent holds the key): an object, not an array. */
  toOne: boolean;
  /** The FK points from the parent to the target (many-to-one). */
  fromParent: boolean;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function candidatesFor(cache: SchemaCache, parent: TableInfo, relation: string): ResolvedEmbed[] {
  const out: ResolvedEmbed[] = [];
  for (const fk of parent.outgoing) {
    const target = cache.tables.get(fk.refTable);
    if (!target) continue;
    const byColumn = fk.columns.length === 1 && fk.columns[0] === relation;
    if (fk.refTable === relation || fk.constraint === relation || byColumn) {
      out.push({ target, fk, toOne: true, fromParent: true });
    }
  }
  for (const fk of parent.incoming) {
    const target = cache.tables.get(fk.table);
    if (!target) continue;
    if (fk.table === relation || fk.constraint === relation) {
      // One-to-one when the child's key columns are unique there: an object, as PostgREST answers.
      const unique = target.uniques.some((u) => sameColumns(u, fk.columns));
      out.push({ target, fk, toOne: unique, fromParent: false });
    }
  }
  return out;
}

function matchesHint(c: ResolvedEmbed, hint: string): boolean {
  return (
    c.fk.constraint === hint ||
    c.fk.columns.includes(hint) ||
    c.fk.refColumns.includes(hint) ||
    (c.fromParent ? c.fk.table : c.fk.refTable) === hint
  );
}

/**
 * Finds the foreign key an embed `relation!hint(...)` uses from `parent`, as PostgREST does:
 * by target table name, FK constraint name, or FK column; PGRST200 when none, PGRST201 when ambiguous.
 */
export function resolveEmbed(cache: SchemaCache, parent: TableInfo, relation: string, hint?: string): ResolvedEmbed {
  let candidates = candidatesFor(cache, parent, relation);
  if (hint !== undefined) candidates = candidates.filter((c) => matchesHint(c, hint));
  if (candidates.length > 1 && relation === parent.name) {
    // Self reference named by table (`employees!supervisor_id`): the one-to-many side, as PostgREST picks.
    const toMany = candidates.filter((c) => !c.fromParent);
    if (toMany.length === 1) candidates = toMany;
  }
  if (candidates.length > 1) {
    const byColumn = candidates.filter(
      (c) => c.fromParent && c.fk.columns.length === 1 && c.fk.columns[0] === relation,
    );
    if (byColumn.length === 1) candidates = byColumn;
  }
  const [only] = candidates;
  if (candidates.length === 1 && only) return only;
  if (candidates.length === 0) {
    const using = hint === undefined ? '' : `' using the hint '${hint}`;
    throw new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${relation}${using}' in the schema 'public', but no matches were found.`,
    );
  }
  const options = candidates.map((c) => `'${c.target.name}!${c.fk.constraint}'`).join(', ');
  throw new PgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${relation}'`,
    candidates.map((c) => ({
      cardinality: c.toOne ? (c.fromParent ? 'many-to-one' : 'one-to-one') : 'one-to-many',
      embedding: `${parent.name} with ${c.target.name}`,
      relationship: `${c.fk.constraint} using ${c.fk.table}(${c.fk.columns.join(', ')}) and ${c.fk.refTable}(${c.fk.refColumns.join(', ')})`,
    })),
    `Try changing '${relation}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}
