/**
 * The catalog list's exact total from the maintained counters (issue 32 item 4; docs/catalog.md "A million
 * items"). The console asks `/api/db/configs` with `Prefer: count=exact`; for a filter on type and/or health
 * alone, the answer is a sum of migration 0067's counter rows of live items ('type', 'health' and
 * 'type_health'; with no filter, the 'type' rows plus the live items whose type is too long to be counted,
 * read from migration 0239's index of them) instead of a count of up to a million index entries. The counters are written by the
 * items' statement triggers in the writer's transaction and read in the list's own statement, so the sum is
 * the count(*) of the same snapshot. Any other filter (status, tags, name, deleted_at, an `or`, a negation,
 * another operator) and any value the counters leave out is answered by counting the rows.
 */
import type { Condition, CountRequest, CountSource } from '../../rest/index.js';

/** The filterable columns the counters cover. */
type Counted = 'type' | 'health';

/**
 * Counters skip keys and values longer than 256 characters (0067); a JavaScript length within it is within
 * it in PostgreSQL too. An empty health is refused as well: 'type_health' stores a missing health as ''.
 */
const countable = (value: string) => value.length > 0 && value.length <= 256;

/** The values each counted column must equal, or undefined when a condition is one the counters don't cover. */
function countedValues(conditions: readonly Condition[]): Map<Counted, readonly string[]> | undefined {
  const values = new Map<Counted, readonly string[]>();
  for (const condition of conditions) {
    if (condition.kind !== 'filter') return undefined;
    const { field, negate, quantifier, op, value } = condition.filter;
    if (negate || quantifier || field.path.length > 0) return undefined;
    if (field.name !== 'type' && field.name !== 'health') return undefined;
    // a second filter on the same column intersects the first: left to the count
    if (values.has(field.name)) return undefined;
    let list: readonly string[];
    if (op === 'eq' && typeof value === 'string') list = [value];
    else if (op === 'in') list = typeof value === 'string' ? [value] : value;
    else return undefined;
    if (!list.every(countable)) return undefined;
    values.set(field.name, list);
  }
  return values;
}

/** `configs` (and `config_items`): the live items of some types and/or healths, from the counters. */
export const liveItemsCount: CountSource = ({ conditions, param }: CountRequest) => {
  const values = countedValues(conditions);
  const types = values?.get('type');
  const healths = values?.get('health');
  const sum = (where: string) =>
    `(SELECT coalesce(sum(c.count), 0)::bigint FROM catalog_option_counts c WHERE ${where})`;
  if (types && healths)
    return sum(
      `c.facet = 'type_health' AND c.key = ANY(${param(types)}::text[]) AND c.value = ANY(${param(healths)}::text[])`,
    );
  if (types) return sum(`c.facet = 'type' AND c.key = '' AND c.value = ANY(${param(types)}::text[])`);
  if (healths) return sum(`c.facet = 'health' AND c.key = '' AND c.value = ANY(${param(healths)}::text[])`);
  if (!values) return undefined;
  // no filter: every live item has a type (NOT NULL); those with one too long to count are few (0239's index)
  return `(${sum(`c.facet = 'type' AND c.key = ''`)} + (SELECT count(*) FROM config_items i WHERE i.deleted_at IS NULL AND length(i.type) > 256))`;
};
