/**
 * Rule zero of the definitions we take from upstream formats (Canary, ScrapeConfig, Topology): nothing
 * accepted is ignored. A plain `z.object` strips a key it does not know, so a field this server does
 * not honour (`awsSigV4`, `dependsOn`…) would be saved and silently do nothing. This walks a zod schema's
 * shape beside the raw value and names every key the schema does not declare, so a validator refuses it
 * at save. Because it reads the schema, a field added to a schema is accepted from then on.
 */
import { z } from 'zod';

/** The answer for a field this server does not honour (after `<path>: `). */
export const UNSUPPORTED_FIELD_MESSAGE = 'is not supported by this server';

// The parts of a zod definition the walk reads; zod's own types name them per schema kind.
interface Def {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  innerType?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def; // see Def

/** Kinds that take any value: nothing below them is checked by the schema. */
const OPEN = new Set(['any', 'unknown', 'custom']);

/** The schema a value is checked against once wrappers (optional, default, pipe, lazy…) are peeled. */
function peel(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (let i = 0; i < 20; i += 1) {
    const def = defOf(current);
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined) ?? def.getter?.();
    if (!next) return current;
    current = next;
  }
  return current;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The paths (`spec.http[0].awsSigV4`) of every key in `value` that `schema` does not declare, anywhere
 * below `path`: objects (a loose object or a catch-all accepts its extra keys), arrays, records, unions
 * (of the options the value parses with, the one naming fewest), intersections. A value of the wrong
 * shape is left to the schema's own parse, which reports it.
 */
export function unknownFields(schema: z.core.$ZodType, value: unknown, path: string): string[] {
  const def = defOf(peel(schema));
  if (OPEN.has(def.type)) return [];
  if (def.type === 'union' && def.options) {
    const fitting = def.options.filter((option) => z.safeParse(option, value).success);
    const answers = (fitting.length > 0 ? fitting : def.options).map((option) => unknownFields(option, value, path));
    return answers.reduce((best, answer) => (answer.length < best.length ? answer : best));
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.flatMap((item, index) => unknownFields(element, item, `${path}[${index}]`));
  }
  if (!isRecord(value)) return [];
  if (def.type === 'intersection' && def.left && def.right) {
    const left = new Set(unknownFields(def.left, value, path));
    return unknownFields(def.right, value, path).filter((found) => left.has(found));
  }
  if (def.type === 'record' && def.valueType) {
    const valueType = def.valueType;
    return Object.entries(value).flatMap(([key, item]) => unknownFields(valueType, item, `${path}.${key}`));
  }
  if (def.type !== 'object' || !def.shape) return [];
  const found: string[] = [];
  const extra = def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : undefined;
  for (const [key, item] of Object.entries(value)) {
    const field = def.shape[key] ?? extra;
    if (field) found.push(...unknownFields(field, item, `${path}.${key}`));
    else found.push(`${path}.${key}`);
  }
  return found;
}

/** `<path>: is not supported by this server` for each path {@link unknownFields} names. */
export function unknownFieldErrors(schema: z.core.$ZodType, value: unknown, path: string): string[] {
  return unknownFields(schema, value, path).map((field) => `${field}: ${UNSUPPORTED_FIELD_MESSAGE}`);
}

/**
 * The schema of a field path (`tlsConfig.ca`; arrays are stepped through), `'open'` when a schema above
 * it takes any value, or undefined when the schema does not declare it. The upstream field walk reads it.
 */
export function schemaAt(schema: z.core.$ZodType, path: readonly string[]): z.core.$ZodType | 'open' | undefined {
  let def = defOf(peel(schema));
  while (def.type === 'array' && def.element) def = defOf(peel(def.element));
  if (path.length === 0) return schema;
  if (OPEN.has(def.type)) return 'open';
  const [head, ...rest] = path;
  if (head === undefined) return schema;
  const options = def.type === 'union' ? (def.options ?? []) : [];
  for (const option of options) {
    const found = schemaAt(option, path);
    if (found) return found;
  }
  if (def.type === 'intersection' && def.left && def.right)
    return schemaAt(def.left, path) ?? schemaAt(def.right, path);
  if (def.type === 'record' && def.valueType) return schemaAt(def.valueType, rest);
  if (def.type !== 'object') return undefined;
  const field = def.shape?.[head];
  if (field) return schemaAt(field, rest);
  return def.catchall && defOf(def.catchall).type !== 'never' ? 'open' : undefined;
}
