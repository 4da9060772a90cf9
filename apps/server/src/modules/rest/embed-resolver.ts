import { closestName } from './fuzzy-name.js';
import { PgrstError } from './pgrst-error.js';
import type { ForeignKey, SchemaCache, TableInfo } from './schema-cache.js';

/** Cardinality of a relationship seen from its origin, as PostgREST names them. */
type Cardinality = 'O2M' | 'M2O' | 'O2O';

/** How an embedded resource joins its parent. */
export interface ResolvedEmbed {
  target: TableInfo;
  fk: ForeignKey;
  /** Many-to-one or one-to-one: an object, not an array. */
  toOne: boolean;
  /** The FK is held by the parent (many-to-one, or the holding side of a one-to-one). */
  fromParent: boolean;
}

/** One relationship from an origin table or view, in PostgREST's terms. */
interface Relationship extends ResolvedEmbed {
  cardinality: Cardinality;
  /** Origin column → target column pairs. */
  pairs: readonly (readonly [string, string])[];
  isSelf: boolean;
}

const CARDINALITY_ORDER: Record<Cardinality, number> = { O2M: 0, M2O: 1, O2O: 2 };

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** PostgREST's order of relationships (its derived Ord): target, self, cardinality, constraint, columns. */
function compareRelationships(a: Relationship, b: Relationship): number {
  return (
    compareText(a.target.name, b.target.name) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    CARDINALITY_ORDER[a.cardinality] - CARDINALITY_ORDER[b.cardinality] ||
    compareText(a.fk.constraint, b.fk.constraint) ||
    compareText(a.pairs.flat().join('\u0000'), b.pairs.flat().join('\u0000'))
  );
}

/** Every relationship of `parent` whose other end is exposed, in both directions. */
function relationshipsOf(cache: SchemaCache, parent: TableInfo | undefined): Relationship[] {
  const out: Relationship[] = [];
  if (!parent) return out;
  for (const fk of parent.outgoing) {
    const target = cache.tables.get(fk.refTable);
    if (!target) continue;
    const pairs = fk.columns.map((c, i) => [c, fk.refColumns[i] ?? ''] as const);
    const cardinality = fk.oneToOne ? 'O2O' : 'M2O';
    out.push({ target, fk, toOne: true, fromParent: true, cardinality, pairs, isSelf: fk.table === fk.refTable });
  }
  for (const fk of parent.incoming) {
    const target = cache.tables.get(fk.table);
    if (!target) continue;
    const pairs = fk.refColumns.map((c, i) => [c, fk.columns[i] ?? ''] as const);
    const toOne = fk.oneToOne === true;
    const cardinality = toOne ? 'O2O' : 'O2M';
    out.push({ target, fk, toOne, fromParent: false, cardinality, pairs, isSelf: fk.table === fk.refTable });
  }
  return out.sort(compareRelationships);
}

const singleOrigin = (r: Relationship, name: string) => r.pairs.length === 1 && r.pairs[0]?.[0] === name;
const singleTarget = (r: Relationship, name: string) => r.pairs.length === 1 && r.pairs[0]?.[1] === name;

/**
 * PostgREST 12's matching of `relation!hint` (Plan.hs findRel): the target names the table or view, or
 * (tables only) the constraint or the parent's single FK column; a hint names the constraint or a single
 * column on either side. A self relationship picks one-to-many by table name and many-to-one by column.
 */
function matches(r: Relationship, relation: string, hint: string | undefined): boolean {
  if (r.isSelf) {
    if (r.cardinality === 'O2O') return false;
    if (hint === undefined) {
      return (
        (r.target.name === relation && r.cardinality === 'O2M') ||
        (singleOrigin(r, relation) && r.cardinality === 'M2O')
      );
    }
    return r.target.name === relation && r.cardinality === 'O2M' && singleTarget(r, hint);
  }
  if (hint === undefined) {
    return (
      r.target.name === relation || (!r.target.isView && (r.fk.constraint === relation || singleOrigin(r, relation)))
    );
  }
  return r.target.name === relation && (r.fk.constraint === hint || singleOrigin(r, hint) || singleTarget(r, hint));
}

const CARDINALITY_NAME: Record<Cardinality, string> = {
  O2M: 'one-to-many',
  M2O: 'many-to-one',
  O2O: 'one-to-one',
};

function noRelationship(cache: SchemaCache, parent: string, relation: string, hint: string | undefined): PgrstError {
  const using = hint === undefined ? '' : `' using the hint '${hint}`;
  const known = relationshipsOf(cache, cache.tables.get(parent));
  // As PostgREST: another child when the parent has relationships, else another parent that has some.
  const parents = [...cache.tables.values()].filter((t) => t.outgoing.length + t.incoming.length > 0);
  const suggestion =
    known.length > 0
      ? closestName(
          known.map((r) => r.target.name),
          relation,
          false,
        )
      : closestName(
          parents.map((t) => t.name),
          parent,
          true,
        );
  const hintText =
    suggestion === undefined
      ? null
      : `Perhaps you meant '${suggestion}' instead of '${known.length > 0 ? relation : parent}'.`;
  return new PgrstError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${relation}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${relation}${using}' in the schema 'public', but no matches were found.`,
    hintText,
  );
}

/**
 * Finds the relationship an embed `relation!hint(...)` uses from `parent`, as PostgREST 12 does, with
 * the relationships views take from their base tables: PGRST200 when none, PGRST201 (300) when several.
 */
export function resolveEmbed(cache: SchemaCache, parent: TableInfo, relation: string, hint?: string): ResolvedEmbed {
  const candidates = relationshipsOf(cache, parent).filter((r) => matches(r, relation, hint));
  const [only] = candidates;
  if (candidates.length === 1 && only) return only;
  if (candidates.length === 0) throw noRelationship(cache, parent.name, relation, hint);
  const options = candidates.map((c) => `'${c.target.name}!${c.fk.constraint}'`).join(', ');
  const cols = (side: 0 | 1, c: Relationship) => `(${c.pairs.map((p) => p[side]).join(', ')})`;
  throw new PgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${relation}'`,
    candidates.map((c) => ({
      cardinality: CARDINALITY_NAME[c.cardinality],
      embedding: `${parent.name} with ${c.target.name}`,
      relationship: `${c.fk.constraint} using ${parent.name}${cols(0, c)} and ${c.target.name}${cols(1, c)}`,
    })),
    `Try changing '${relation}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}
