/**
 * `"...".format([args])` from cel-go's strings extension: %s, %d, %f/%.Nf, %e, %b, %o, %x, %X and %%.
 * The result is capped at {@link MAX_TEXT}; a verb without an argument, or of the wrong kind, fails.
 */
import { CelDuration, CelFunctionError, capText, durationMs, goDurationText } from './cel-values.js';

/** A CEL value as `%s` prints it. */
export function celText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof CelDuration) return goDurationText(durationMs(value));
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (Array.isArray(value)) return `[${value.map(celText).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}: ${celText(item)}`)
      .join(', ')}}`;
  }
  return String(value);
}

function integer(value: unknown, verb: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (value !== null && typeof value === 'object' && 'value' in value) return BigInt(Number(value.value));
  throw new CelFunctionError(`format: %${verb} needs an integer, got ${celText(value)}`);
}

function decimal(value: unknown, verb: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new CelFunctionError(`format: %${verb} needs a number, got ${celText(value)}`);
}

function formatOne(verb: string, precision: number | undefined, value: unknown): string {
  switch (verb) {
    case 's':
      return celText(value);
    case 'd':
      return integer(value, verb).toString();
    case 'f':
      return decimal(value, verb).toFixed(Math.min(precision ?? 6, 20));
    case 'e':
      return decimal(value, verb)
        .toExponential(Math.min(precision ?? 6, 20))
        .replace(/e([+-])(\d)$/, 'e$10$2');
    case 'b':
      return integer(value, verb).toString(2);
    case 'o':
      return integer(value, verb).toString(8);
    case 'x':
    case 'X': {
      const text = typeof value === 'string' ? Buffer.from(value).toString('hex') : integer(value, verb).toString(16);
      return verb === 'X' ? text.toUpperCase() : text;
    }
    default:
      throw new CelFunctionError(`format: unrecognized formatting clause %${verb}`);
  }
}

/** Formats `template` with `args` as cel-go's `string.format(list)` does. */
export function formatCel(template: string, args: unknown[]): string {
  let next = 0;
  const out = template.replace(/%(?:\.(\d{1,2}))?([a-zA-Z%])/g, (_, digits: string | undefined, verb: string) => {
    if (verb === '%') return '%';
    if (next >= args.length) throw new CelFunctionError(`format: index ${next} out of range`);
    const value = args[next];
    next += 1;
    return formatOne(verb, digits === undefined ? undefined : Number(digits), value);
  });
  return capText(out, 'format');
}
