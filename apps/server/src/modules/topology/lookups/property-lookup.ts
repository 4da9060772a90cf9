/**
 * Property lookups (`properties: [{name, lookup: {http|postgres}}]`), as upstream merges them: the
 * answers of the property's lookups are read as
 * - components with properties (`[{name: 'api', properties: [{name: 'cpu', value: 3}]}]`): each one's
 *   properties are merged into the target component of that name;
 * - a list of properties (`[{name: 'region', text: 'eu'}]`): each is merged into every target;
 * - one plain value (a string, number or boolean; a one-column SQL row): it becomes the property's
 *   `text` (a number its `value`), beside the property's own fields.
 * Merging a property replaces the fields it sets on the target's property of the same name, or adds it.
 */
import {
  TOPOLOGY_LIMITS,
  type TopologyProperty,
  type TopologyPropertySpec,
  topologyPropertySchema,
} from '@mc/contracts';
import { fetchHttpValue } from './http-lookup.js';
import { cachedLookup, type LookupContext } from './lookup-context.js';
import { LookupError } from './lookup-rows.js';
import { runSqlLookup } from './sql-lookup.js';

/** A component whose properties a lookup may fill. */
export interface PropertyTarget {
  name: string;
  properties?: TopologyProperty[] | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Merges `incoming` into `list` by name (fields it sets win); false when it is not a valid property. */
export function mergeProperty(list: TopologyProperty[], incoming: unknown): boolean {
  const parsed = topologyPropertySchema.safeParse(incoming);
  if (!parsed.success) return false;
  const index = list.findIndex((p) => p.name === parsed.data.name);
  if (index >= 0) list[index] = { ...list[index], ...parsed.data };
  else if (list.length < TOPOLOGY_LIMITS.maxProperties) list.push(parsed.data);
  return true;
}

async function answers(ctx: LookupContext, lookup: NonNullable<TopologyPropertySpec['lookup']>): Promise<unknown[]> {
  const values: unknown[] = [];
  for (const entry of lookup.postgres ?? []) {
    values.push(
      ...(await cachedLookup(ctx, { postgres: entry }, () => runSqlLookup(ctx.deps, entry, ctx.signal, ctx.savedBy))),
    );
  }
  for (const entry of lookup.http ?? []) {
    const value = await cachedLookup(ctx, { http: entry, value: true }, () =>
      fetchHttpValue(ctx.deps.database, entry, ctx.signal),
    );
    if (Array.isArray(value)) values.push(...value);
    else values.push(value);
  }
  return values;
}

/** One answer that is a plain value: `{…property, text}` (or `value` for a number). */
function plainValue(property: TopologyPropertySpec, answer: unknown): TopologyProperty | undefined {
  const { lookup: _lookup, ...own } = property;
  let value = answer;
  if (isRecord(value) && Object.keys(value).length === 1 && !('name' in value)) value = Object.values(value)[0];
  if (typeof value === 'number' && Number.isFinite(value)) return { ...own, value };
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') {
    return { ...own, text: String(value).slice(0, 4096) };
  }
  return undefined;
}

/** Runs a property's lookups and merges the answers into the targets; a problem throws a {@link LookupError}. */
export async function applyPropertyLookup(
  ctx: LookupContext,
  property: TopologyPropertySpec,
  targets: readonly PropertyTarget[],
): Promise<void> {
  if (!property.lookup) return;
  const found = await answers(ctx, property.lookup);
  const where = `property ${property.name}`;
  const listOf = (target: PropertyTarget) => {
    target.properties ??= [];
    return target.properties;
  };
  if (found.length === 1 && !(isRecord(found[0]) && 'name' in found[0])) {
    const single = plainValue(property, found[0]);
    if (!single) throw new LookupError(`${where}: the answer is neither a value, a property nor a component`);
    for (const target of targets) mergeProperty(listOf(target), single);
    return;
  }
  for (const [index, answer] of found.entries()) {
    if (!isRecord(answer) || typeof answer.name !== 'string') {
      throw new LookupError(`${where}: answer ${index + 1} has no name`);
    }
    if (Array.isArray(answer.properties)) {
      const target = targets.find((t) => t.name === answer.name);
      if (!target) continue;
      for (const entry of answer.properties) {
        if (!mergeProperty(listOf(target), entry)) {
          throw new LookupError(`${where}: a property of '${answer.name}' is not a valid property`);
        }
      }
      continue;
    }
    for (const target of targets) {
      if (!mergeProperty(listOf(target), answer))
        throw new LookupError(`${where}: answer ${index + 1} is not a property`);
    }
  }
}
