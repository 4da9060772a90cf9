/** One step of a JSON path in a field: `->key` (json) or `->>key` (text). */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, maybe followed by a JSON path (`labels->>app`). */
export interface FieldRef {
  name: string;
  path: readonly JsonStep[];
}

/** One entry of `select=`. */
export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldRef; alias?: string; cast?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      select: SelectItem[];
      /** `...rel(cols)`: a to-one embed whose columns join the parent's (PostgREST 12 spread). */
      spread?: boolean;
    };

/** Filter operators PostgREST knows. */
export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;

/** A filter operator. */
export type Operator = (typeof OPERATORS)[number];

/** One `field=[not.]op[(mod)].value` condition. */
export interface Filter {
  field: FieldRef;
  negate: boolean;
  op: Operator;
  /** `eq(any)` / `like(all)` quantifier over a `{a,b}` list. */
  quantifier?: 'any' | 'all';
  /** Full-text search configuration, `fts(english)`. */
  language?: string;
  /** The raw value; for `in` and quantified operators, the list. */
  value: string | readonly string[];
}

/** A condition tree: plain filters joined by `and(...)` / `or(...)`, each maybe negated. */
export type Condition =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: readonly Condition[] };

/** One `order=` term. */
export interface OrderTerm {
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, order and paging of one level of the result: the root (path '') or an embedded resource. */
export interface NodeOptions {
  conditions: Condition[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

/** Everything a query string says. */
export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path: '' for the root, 'checks', 'checks.check_statuses', … */
  nodes: Map<string, NodeOptions>;
  columns?: string[];
  onConflict?: string[];
  /** Parameters left over (RPC GET arguments); only filled when asked for. */
  extra: Map<string, string>;
}
