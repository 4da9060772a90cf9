/**
 * Go's fmt.Sprintf for the verbs templates use: %v %s %d %f %e %g %q %t %x %X %o %b %c %%, with flags
 * (`-` `+` `0` space), width and precision. A verb that does not fit its value prints Go's own
 * "%!d(string=x)" marker instead of failing, as Go does.
 */
import { formatNumber, goKind, goString } from './go-values.js';

const VERB = /%([-+# 0]*)(\d+|\*)?(?:\.(\d+|\*)?)?([a-zA-Z%])/g;

function pad(text: string, width: number | undefined, flags: string): string {
  if (width === undefined || text.length >= width) return text;
  if (flags.includes('-')) return text.padEnd(width);
  if (flags.includes('0') && /^[+-]?[0-9.]/.test(text)) {
    const sign = /^[+-]/.test(text) ? text.slice(0, 1) : '';
    return sign + text.slice(sign.length).padStart(width - sign.length, '0');
  }
  return text.padStart(width);
}

function signed(text: string, value: number, flags: string): string {
  if (value >= 0 && flags.includes('+')) return `+${text}`;
  if (value >= 0 && flags.includes(' ')) return ` ${text}`;
  return text;
}

function bad(verb: string, value: unknown): string {
  return `%!${verb}(${goKind(value)}=${goString(value, false)})`;
}

function integer(verb: string, value: unknown, flags: string): string {
  const n = typeof value === 'boolean' ? Number.NaN : Number(value);
  if (typeof value !== 'number' || !Number.isInteger(n)) return bad(verb, value);
  const radix = { d: 10, x: 16, X: 16, o: 8, b: 2 }[verb] ?? 10;
  const text = Math.abs(n).toString(radix);
  const cased = verb === 'X' ? text.toUpperCase() : text;
  return signed(n < 0 ? `-${cased}` : cased, n, flags);
}

function float(verb: string, value: unknown, precision: number | undefined, flags: string): string {
  if (typeof value !== 'number') return bad(verb, value);
  let text: string;
  if (verb === 'f' || verb === 'F') text = value.toFixed(precision ?? 6);
  else if (verb === 'e' || verb === 'E') {
    text = value.toExponential(precision ?? 6).replace(/e([+-])(\d)$/, 'e$10$2');
    if (verb === 'E') text = text.toUpperCase();
  } else text = precision === undefined ? formatNumber(value) : String(Number(value.toPrecision(precision || 1)));
  return signed(text, value, flags);
}

function text(verb: string, value: unknown, precision: number | undefined): string {
  if (verb === 'q') return typeof value === 'string' ? JSON.stringify(value) : bad(verb, value);
  if (verb === 'x' || verb === 'X') {
    const hex = Buffer.from(String(value)).toString('hex');
    return verb === 'X' ? hex.toUpperCase() : hex;
  }
  const out = goString(value, false);
  return precision === undefined ? out : out.slice(0, precision);
}

function formatOne(verb: string, value: unknown, flags: string, precision: number | undefined): string {
  switch (verb) {
    case 'v':
    case 's':
      return typeof value === 'string' || verb === 'v' ? text('s', value, precision) : bad(verb, value);
    case 'q':
      return text('q', value, precision);
    case 'd':
    case 'o':
    case 'b':
      return integer(verb, value, flags);
    case 'x':
    case 'X':
      return typeof value === 'number' ? integer(verb, value, flags) : text(verb, value, precision);
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
      return float(verb, value, precision, flags);
    case 't':
      return typeof value === 'boolean' ? String(value) : bad(verb, value);
    case 'c':
      return typeof value === 'number' ? String.fromCodePoint(value) : bad(verb, value);
    case 'T':
      return goKind(value);
    default:
      return `%!${verb}(${goKind(value)}=${goString(value, false)})`;
  }
}

/** Formats like Go's fmt.Sprintf. */
export function sprintf(format: string, args: unknown[]): string {
  let next = 0;
  const take = (): { ok: boolean; value: unknown } =>
    next < args.length ? { ok: true, value: args[next++] } : { ok: false, value: undefined };
  const out = format.replace(VERB, (_all, flags: string, width?: string, precision?: string, verb?: string) => {
    if (verb === '%') return '%';
    const w = width === '*' ? Number(take().value) : width ? Number(width) : undefined;
    const p = precision === '*' ? Number(take().value) : precision !== undefined ? Number(precision || 0) : undefined;
    const arg = take();
    if (!arg.ok) return `%!${verb}(MISSING)`;
    return pad(formatOne(verb ?? 'v', arg.value, flags, p), w, flags);
  });
  if (next >= args.length) return out;
  const extra = args.slice(next).map((value) => `${goKind(value)}=${goString(value, false)}`);
  return `${out}%!(EXTRA ${extra.join(', ')})`;
}

/** Go's fmt.Sprint: spaces between operands when neither side is a string. */
export function sprint(args: unknown[]): string {
  let out = '';
  args.forEach((value, index) => {
    const previous = args[index - 1];
    if (index > 0 && typeof value !== 'string' && typeof previous !== 'string') out += ' ';
    out += goString(value, false);
  });
  return out;
}

/** Go's fmt.Sprintln: spaces between all operands and a trailing newline. */
export function sprintln(args: unknown[]): string {
  return `${args.map((value) => goString(value, false)).join(' ')}\n`;
}
