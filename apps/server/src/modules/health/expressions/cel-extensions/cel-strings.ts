/**
 * String functions of canary-checker's CEL: cel-go's strings extension (`charAt`, `replace`, `format`,
 * `reverse`, `strings.quote`) and gomplate's (`abbrev`, `camelCase`, `kebabCase`, `snakeCase`, `slug`,
 * `title`, `trimPrefix`, `trimSuffix`, `repeat`, `replaceAll`, `runeCount`, `shellQuote`, `squote`,
 * `quote`, `indent`, `toLower`, `toUpper`, `trimSpace`, `trunc`, `sort`). The standard library already
 * has contains, startsWith, endsWith, matches, indexOf, lastIndexOf, lowerAscii, upperAscii, split,
 * substring, trim, join and size. Every result is capped at {@link MAX_TEXT}.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { formatCel } from './cel-format.js';
import { CelFunctionError, capText, declareNamespace, int, MAX_TEXT } from './cel-values.js';

function words(text: string): string[] {
  return (
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .match(/[\p{L}\p{N}]+/gu)
      ?.map((word) => word.toLowerCase()) ?? []
  );
}

function upperFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Apache commons-lang abbreviate, as gomplate's strings.Abbrev. */
export function abbreviate(text: string, offset: number, maxWidth: number): string {
  if (maxWidth < 4) throw new CelFunctionError('abbrev: minimum width is 4');
  const chars = [...text];
  if (chars.length <= maxWidth) return text;
  let start = Math.min(offset, chars.length);
  if (chars.length - start < maxWidth - 3) start = chars.length - (maxWidth - 3);
  if (start <= 4) return `${chars.slice(0, maxWidth - 3).join('')}...`;
  if (maxWidth < 7) throw new CelFunctionError('abbrev: minimum width with an offset is 7');
  if (start + maxWidth - 3 < chars.length) return `...${abbreviate(chars.slice(start).join(''), 0, maxWidth - 3)}`;
  return `...${chars.slice(chars.length - (maxWidth - 3)).join('')}`;
}

function replaceN(text: string, from: string, to: string, limit: number): string {
  const all = limit < 0;
  if (from === '') {
    const chars = [...text];
    let out = '';
    for (let i = 0; i <= chars.length; i += 1) {
      if (all || i < limit) out += to;
      out += chars[i] ?? '';
      if (out.length > MAX_TEXT) break;
    }
    return capText(out, 'replace');
  }
  const pieces = text.split(from);
  const replaced = all ? pieces.length - 1 : Math.min(limit, pieces.length - 1);
  const head = pieces.slice(0, replaced + 1).join(to);
  const tail = pieces.slice(replaced + 1);
  return capText(tail.length ? [head, ...tail].join(from) : head, 'replace');
}

function repeat(text: string, count: number): string {
  if (count < 0) throw new CelFunctionError('repeat: negative count');
  if (text.length * count > MAX_TEXT) throw new CelFunctionError(`repeat: result longer than ${MAX_TEXT} characters`);
  return text.repeat(count);
}

function indent(text: string, width: number, prefix: string): string {
  const pad = repeat(prefix, width);
  return capText(
    text
      .split('\n')
      .map((line) => (line === '' ? line : pad + line))
      .join('\n'),
    'indent',
  );
}

function registerCaseFunctions(env: Environment): void {
  env
    .registerFunction('string.camelCase(): string', (s: string) => words(s).map(upperFirst).join(''))
    .registerFunction('string.kebabCase(): string', (s: string) => words(s).join('-'))
    .registerFunction('string.snakeCase(): string', (s: string) => words(s).join('_'))
    .registerFunction('string.slug(): string', (s: string) =>
      words(s.normalize('NFKD').replace(/\p{M}/gu, '')).join('-'),
    )
    .registerFunction('string.title(): string', (s: string) =>
      s.replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase()),
    )
    .registerFunction('string.toLower(): string', (s: string) => s.toLowerCase())
    .registerFunction('string.toUpper(): string', (s: string) => s.toUpperCase());
}

function registerQuoting(env: Environment): void {
  const strings = declareNamespace(env, 'strings');
  const quote = (s: string) => capText(JSON.stringify(s), 'quote');
  env
    .registerFunction(`${strings}.quote(string): string`, (_: unknown, s: string) => quote(s))
    .registerFunction('string.quote(): string', quote)
    .registerFunction('string.squote(): string', (s: string) => capText(`'${s.replaceAll("'", "''")}'`, 'squote'))
    .registerFunction('string.shellQuote(): string', (s: string) =>
      capText(`'${s.replaceAll("'", `'"'"'`)}'`, 'shellQuote'),
    );
}

/** Registers the string functions. */
export function registerStringFunctions(env: Environment): void {
  registerCaseFunctions(env);
  registerQuoting(env);
  env
    .registerFunction('string.charAt(int): string', (s: string, i: bigint) => {
      const chars = [...s];
      if (i < 0n || i > BigInt(chars.length)) throw new CelFunctionError(`charAt: index ${i} out of range`);
      return chars[Number(i)] ?? '';
    })
    .registerFunction('string.replace(string, string): string', (s: string, a: string, b: string) =>
      replaceN(s, a, b, -1),
    )
    .registerFunction('string.replace(string, string, int): string', (s: string, a: string, b: string, n: bigint) =>
      replaceN(s, a, b, Number(n)),
    )
    .registerFunction('string.replaceAll(string, string): string', (s: string, a: string, b: string) =>
      replaceN(s, a, b, -1),
    )
    .registerFunction('string.format(list): string', (s: string, args: unknown[]) => formatCel(s, args))
    .registerFunction('string.reverse(): string', (s: string) => [...s].reverse().join(''))
    .registerFunction('string.sort(): string', (s: string) => [...s].sort().join(''))
    .registerFunction('string.runeCount(): int', (s: string) => int([...s].length))
    .registerFunction('string.repeat(int): string', (s: string, n: bigint) => repeat(s, Number(n)))
    .registerFunction('string.trimPrefix(string): string', (s: string, p: string) =>
      s.startsWith(p) ? s.slice(p.length) : s,
    )
    .registerFunction('string.trimSuffix(string): string', (s: string, p: string) =>
      p !== '' && s.endsWith(p) ? s.slice(0, s.length - p.length) : s,
    )
    .registerFunction('string.trimSpace(): string', (s: string) => s.trim())
    .registerFunction('string.trunc(int): string', (s: string, n: bigint) =>
      [...s].slice(0, Math.max(0, Number(n))).join(''),
    )
    .registerFunction('string.abbrev(int): string', (s: string, w: bigint) => abbreviate(s, 0, Number(w)))
    .registerFunction('string.abbrev(int, int): string', (s: string, o: bigint, w: bigint) =>
      abbreviate(s, Number(o), Number(w)),
    )
    .registerFunction('string.indent(int, string): string', (s: string, w: bigint, p: string) =>
      indent(s, Number(w), p),
    )
    .registerFunction('string.indent(int): string', (s: string, w: bigint) => indent(s, Number(w), ' '));
}
