/**
 * List, map and set functions of canary-checker's CEL: cel-go's lists extension (`slice`, `flatten`,
 * `distinct`, `reverse`, `sort`, gomplate's `sortBy(key)`, `first`, `last`, `lists.range`), gomplate's collections (`keys`, `values`,
 * `merge`, `omit`, `pick`, `uniq`, `range`, `keyValToMap`, `mapToKeyVal`, `coalesce`) and cel-go's sets
 * extension (`sets.contains`, `sets.equivalent`, `sets.intersects`), and gomplate's AWS helpers
 * (`fromAWSMap`/`aws.fromAWSMap`, `aws.arnToMap`). Lists built here hold at most
 * {@link MAX_ITEMS} elements.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { celText } from './cel-format.js';
import { CelFunctionError, capCount, declareNamespace, isCelMap } from './cel-values.js';

/** A key that is equal for equal CEL values (1, 1u and 1.0 alike), for distinct and set functions. */
export function valueKey(value: unknown): string {
  if (typeof value === 'bigint' || typeof value === 'number') return `n:${Number(value)}`;
  if (value !== null && typeof value === 'object' && 'value' in value && Object.keys(value).length === 0) {
    return `n:${Number(value.value)}`;
  }
  if (Array.isArray(value)) return `l:[${value.map(valueKey).join(',')}]`;
  if (isCelMap(value)) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `m:{${entries.map(([k, v]) => `${JSON.stringify(k)}=${valueKey(v)}`).join(',')}}`;
  }
  return `${typeof value}:${celText(value)}`;
}

function distinct(list: unknown[]): unknown[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const key = valueKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function flatten(list: unknown[], depth: number): unknown[] {
  if (depth < 0) throw new CelFunctionError('flatten: negative depth');
  const out: unknown[] = [];
  const walk = (items: unknown[], level: number) => {
    for (const item of items) {
      if (Array.isArray(item) && level < depth) walk(item, level + 1);
      else out.push(item);
      capCount(out.length, 'flatten');
    }
  };
  walk(list, 0);
  return out;
}

function compare(a: unknown, b: unknown): number {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) {
    return Number(a) - Number(b);
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  throw new CelFunctionError(`sort: cannot compare ${typeof a} with ${typeof b}`);
}

/** Integers from start (inclusive) to end (exclusive) by step, as gomplate's range and cel-go's lists.range. */
export function range(start: number, end: number, step: number): bigint[] {
  if (step === 0) throw new CelFunctionError('range: step must not be 0');
  const count = Math.max(0, Math.ceil((end - start) / step));
  capCount(count, 'range');
  return Array.from({ length: count }, (_, i) => BigInt(start + i * step));
}

function pickKeys(map: Record<string, unknown>, keys: unknown[], keep: boolean): Record<string, unknown> {
  const chosen = new Set(keys.map(String));
  return Object.fromEntries(Object.entries(map).filter(([key]) => chosen.has(key) === keep));
}

function keyValToMap(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    if (at < 0) throw new CelFunctionError(`keyValToMap: ${JSON.stringify(pair)} is not key=value`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

function registerLists(env: Environment): void {
  const lists = declareNamespace(env, 'lists');
  env
    .registerFunction('list.slice(int, int): list', (list: unknown[], from: bigint, to: bigint) => {
      if (from < 0n || to < from || to > BigInt(list.length)) {
        throw new CelFunctionError(`slice: invalid range [${from}, ${to}) of a list of ${list.length}`);
      }
      return list.slice(Number(from), Number(to));
    })
    .registerFunction('list.flatten(): list', (list: unknown[]) => flatten(list, 1))
    .registerFunction('list.flatten(int): list', (list: unknown[], depth: bigint) => flatten(list, Number(depth)))
    .registerFunction('list.distinct(): list', distinct)
    .registerFunction('list.uniq(): list', distinct)
    .registerFunction('list.reverse(): list', (list: unknown[]) => [...list].reverse())
    .registerFunction('list.sort(): list', (list: unknown[]) => [...list].sort(compare))
    .registerFunction('list.sortBy(string): list', (list: unknown[], key: string) =>
      [...list].sort((a, b) => {
        const x = isCelMap(a) ? a[key] : undefined;
        const y = isCelMap(b) ? b[key] : undefined;
        return x === undefined || y === undefined ? 0 : compare(x, y);
      }),
    )
    // gomplate's len, which upstream expressions call as a function (`len(catalog.traverse(…)) > 0`)
    .registerFunction('len(list): int', (list: unknown[]) => BigInt(list.length))
    .registerFunction('len(map): int', (map: Record<string, unknown>) => BigInt(Object.keys(map).length))
    .registerFunction('len(string): int', (text: string) => BigInt([...text].length))
    .registerFunction('list.first(): dyn', (list: unknown[]) => list[0] ?? null)
    .registerFunction('list.last(): dyn', (list: unknown[]) => list[list.length - 1] ?? null)
    .registerFunction('first(dyn): dyn', (value: unknown) => (Array.isArray(value) ? (value[0] ?? null) : null))
    .registerFunction('last(dyn): dyn', (value: unknown) =>
      Array.isArray(value) ? (value[value.length - 1] ?? null) : null,
    )
    .registerFunction(`${lists}.range(int): list`, (_: unknown, n: bigint) => range(0, Number(n), 1))
    .registerFunction('range(int): list', (n: bigint) => range(0, Number(n), 1))
    .registerFunction('range(int, int): list', (a: bigint, b: bigint) => range(Number(a), Number(b), 1))
    .registerFunction('range(int, int, int): list', (a: bigint, b: bigint, s: bigint) =>
      range(Number(a), Number(b), Number(s)),
    );
}

function registerMaps(env: Environment): void {
  const merge = (a: Record<string, unknown>, b: Record<string, unknown>) => ({ ...a, ...b });
  env
    .registerFunction('map.keys(): list', (map: Record<string, unknown>) => Object.keys(map))
    .registerFunction('map.values(): list', (map: Record<string, unknown>) => Object.values(map))
    .registerFunction('map.merge(map): map', merge)
    .registerFunction('merge(map, map): map', merge)
    .registerFunction('map.omit(list): map', (map: Record<string, unknown>, keys: unknown[]) =>
      pickKeys(map, keys, false),
    )
    .registerFunction('map.pick(list): map', (map: Record<string, unknown>, keys: unknown[]) =>
      pickKeys(map, keys, true),
    )
    .registerFunction('keyValToMap(string): map', keyValToMap)
    .registerFunction('map.mapToKeyVal(): string', (map: Record<string, unknown>) =>
      Object.entries(map)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, value]) => `${key}=${celText(value)}`)
        .join(','),
    );
  for (const arity of [1, 2, 3, 4, 5]) {
    env.registerFunction(`coalesce(${Array(arity).fill('dyn').join(', ')}): dyn`, (...values: unknown[]) => {
      const found = values.find((value) => value !== null && value !== '' && value !== undefined);
      return found ?? null;
    });
  }
}

function registerSets(env: Environment): void {
  const sets = declareNamespace(env, 'sets');
  const keys = (list: unknown[]) => new Set(list.map(valueKey));
  const containsAll = (a: unknown[], b: unknown[]) => {
    const have = keys(a);
    return b.every((item) => have.has(valueKey(item)));
  };
  env
    .registerFunction(`${sets}.contains(list, list): bool`, (_: unknown, a: unknown[], b: unknown[]) =>
      containsAll(a, b),
    )
    .registerFunction(
      `${sets}.equivalent(list, list): bool`,
      (_: unknown, a: unknown[], b: unknown[]) => containsAll(a, b) && containsAll(b, a),
    )
    .registerFunction(`${sets}.intersects(list, list): bool`, (_: unknown, a: unknown[], b: unknown[]) => {
      const have = keys(a);
      return b.some((item) => have.has(valueKey(item)));
    });
}

/** AWS's [{Name, Value}] tag lists as one map, and an ARN's parts, as gomplate's aws helpers. */
function registerAws(env: Environment): void {
  const aws = declareNamespace(env, 'aws');
  const fromAwsMap = (list: unknown[]) =>
    Object.fromEntries(list.filter(isCelMap).map((entry) => [String(entry.Name ?? ''), entry.Value ?? '']));
  const arnToMap = (arn: string) => {
    const parts = arn.split(':');
    if (parts.length < 6) throw new CelFunctionError(`aws.arnToMap: ${JSON.stringify(arn.slice(0, 80))} is not an ARN`);
    return { service: parts[2], region: parts[3], account: parts[4], resource: parts.slice(5).join(':') };
  };
  env
    .registerFunction('fromAWSMap(list): map', fromAwsMap)
    .registerFunction(`${aws}.fromAWSMap(list): map`, (_: unknown, list: unknown[]) => fromAwsMap(list))
    .registerFunction(`${aws}.arnToMap(string): map`, (_: unknown, arn: string) => arnToMap(arn));
}

/** Registers the list, map and set functions. */
export function registerCollectionFunctions(env: Environment): void {
  registerLists(env);
  registerMaps(env);
  registerSets(env);
  registerAws(env);
}
