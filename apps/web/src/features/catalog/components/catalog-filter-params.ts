import { decodeLabels, decodeSelection, type FilterSelection, selectionToFilterValue } from '../../../lib/filters';

/**
 * The catalog's URL filters (issue 13 §6): config type, status, health, labels, tags and a name
 * search. They carry over between /catalog, /catalog/changes and /catalog/insights.
 */
export const CATALOG_FILTER_KEYS = ['type', 'status', 'health', 'labels', 'tags', 'search'] as const;

/** The catalog filters read from the URL. */
export interface CatalogFilters {
  type: FilterSelection;
  status: FilterSelection;
  health: FilterSelection;
  labels: FilterSelection;
  tags: FilterSelection;
  search: string;
}

/** Reads the catalog filters from the query; malformed values are ignored (001 §5). */
export function readCatalogFilters(params: URLSearchParams): CatalogFilters {
  return {
    type: decodeSelection(params.get('type')),
    status: decodeSelection(params.get('status')),
    health: decodeSelection(params.get('health')),
    labels: decodeLabels(params.get('labels')),
    tags: decodeSelection(params.get('tags')),
    search: (params.get('search') ?? '').trim(),
  };
}

/** The query string of only the filter parameters, to carry them to a sibling page ('' or '?…'). */
export function carriedFilters(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of CATALOG_FILTER_KEYS) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** Quotes one value of a PostgREST `in.(…)` list, so commas and parentheses in it stay inside it. */
export function quoteListValue(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

type Query = Record<string, string[]>;

function add(query: Query, key: string, value: string) {
  query[key] = [...(query[key] ?? []), value];
}

function selectionInto(query: Query, column: string, selection: FilterSelection) {
  const entries = Object.entries(selection);
  const included = entries.filter(([, state]) => state === 1).map(([value]) => quoteListValue(value));
  const excluded = entries.filter(([, state]) => state === -1).map(([value]) => quoteListValue(value));
  if (included.length) add(query, column, `in.(${included.join(',')})`);
  if (excluded.length) add(query, column, `not.in.(${excluded.join(',')})`);
}

/** Splits a 'key=value' (or 'key:value') tag or label item. */
export function splitPair(item: string): [string, string] {
  const index = item.search(/[=:]/);
  return index === -1 ? [item, ''] : [item.slice(0, index), item.slice(index + 1)];
}

/**
 * Tags or labels as JSONB containment (`tags=cs.{"namespace":"shop"}`), which the live-item GIN index
 * serves: the included pairs as one object the item must contain, each excluded pair as `not.cs.` (an
 * item without the key passes an exclusion).
 */
function pairsInto(query: Query, column: string, selection: FilterSelection) {
  const included: Record<string, string> = {};
  for (const [item, state] of Object.entries(selection)) {
    const [key, value] = splitPair(item);
    if (!key) continue;
    if (state === 1) included[key] = value;
    else add(query, column, `not.cs.${JSON.stringify({ [key]: value })}`);
  }
  if (Object.keys(included).length > 0) add(query, column, `cs.${JSON.stringify(included)}`);
}

/** Escapes the wildcard of an `ilike` pattern so a typed '*' is literal. */
function likePattern(text: string): string {
  return `*${text.replaceAll('*', '\\*')}*`;
}

/**
 * The data API filters of the catalog list (`/api/db/configs`): `in.(…)` and `not.in.(…)` per
 * selection, `cs.{…}` and `not.cs.{…}` for tags and labels, and a case-insensitive name search. A `prefix`
 * ('config.') filters an embedded item instead.
 */
export function itemFilterQuery(filters: CatalogFilters, prefix = ''): Query {
  const query: Query = {};
  selectionInto(query, `${prefix}type`, filters.type);
  selectionInto(query, `${prefix}status`, filters.status);
  selectionInto(query, `${prefix}health`, filters.health);
  pairsInto(query, `${prefix}tags`, filters.tags);
  pairsInto(query, `${prefix}labels`, filters.labels);
  if (filters.search) add(query, `${prefix}name`, `ilike.${likePattern(filters.search)}`);
  return query;
}

/** A tag or label selection as a selector ('key=value,key!=value'), as the catalog API takes them. */
export function pairSelector(selection: FilterSelection): string {
  return Object.entries(selection)
    .map(([item, state]) => {
      const [key, value] = splitPair(item);
      return `${key}${state === 1 ? '=' : '!='}${value}`;
    })
    .join(',');
}

/** Tags and labels as one selector, the changes search's `tags` (it matches both). */
export function tagSelector(filters: CatalogFilters): string {
  return [pairSelector(filters.tags), pairSelector(filters.labels)].filter(Boolean).join(',');
}

/** The selection as the server's list value: included as-is, excluded with '!', comma-joined. */
export function selectionParam(selection: FilterSelection): string | undefined {
  return selectionToFilterValue(selection) || undefined;
}

/** How many filters are set (for the summary line and the reset button). */
export function activeFilterCount(filters: CatalogFilters): number {
  return (
    Object.keys(filters.type).length +
    Object.keys(filters.status).length +
    Object.keys(filters.health).length +
    Object.keys(filters.labels).length +
    Object.keys(filters.tags).length +
    (filters.search ? 1 : 0)
  );
}
