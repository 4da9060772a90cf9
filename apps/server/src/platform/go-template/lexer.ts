/**
 * Splits a Go text/template into text and action tokens, as Go's own lexer does: `{{` `}}`, trim
 * markers `{{- ` / ` -}}` (a dash with a space beside it), comments, strings (quoted, raw, runes),
 * numbers, `$variables`, `.fields`, identifiers and keywords. Field chains stay one token
 * (`.a.b`, `$x.a`, `fn.a`); a token records whether space came before it, which is how `(x).a` differs
 * from `(x) .a`.
 */
import { GoTemplateError } from './template-error.js';

/** What a token is. */
export type TokenType =
  | 'text'
  | 'left'
  | 'right'
  | 'pipe'
  | 'lparen'
  | 'rparen'
  | 'declare'
  | 'assign'
  | 'comma'
  | 'literal'
  | 'nil'
  | 'keyword'
  | 'dot'
  | 'field'
  | 'variable'
  | 'ident';

/** One token: its type, text or value, field path, line, and whether whitespace preceded it. */
export interface Token {
  type: TokenType;
  text: string;
  value?: unknown;
  path?: string[];
  line: number;
  spaced: boolean;
}

const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue']);
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const CHAIN = /(?:\.[A-Za-z_][A-Za-z0-9_]*)+/y;
const NUMBER = /[+-]?(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?)/y;
const SPACE = /[ \t\r\n]+/y;

/** Line numbers for increasing offsets, counted once across the source. */
function lineCounter(source: string): (index: number) => number {
  let at = 0;
  let line = 1;
  return (index) => {
    for (; at < index; at++) if (source.charCodeAt(at) === 10) line++;
    return line;
  };
}

function match(re: RegExp, source: string, at: number): string | null {
  re.lastIndex = at;
  const found = re.exec(source);
  return found ? found[0] : null;
}

function unquote(raw: string, line: number): string {
  try {
    // A Go interpreted string literal uses JSON's escapes for everything templates write.
    return JSON.parse(raw.replaceAll('\\x', '\\u00').replaceAll("\\'", "'").replaceAll('\\a', '\\u0007'));
  } catch {
    throw new GoTemplateError(`template: :${line}: malformed string ${raw.slice(0, 40)}`);
  }
}

function parseNumber(text: string, line: number): number {
  const clean = text.replaceAll('_', '');
  const sign = clean.startsWith('-') ? -1 : 1;
  const body = clean.replace(/^[+-]/, '');
  const value = /^0[xXbBoO]/.test(body) ? Number(body) : Number.parseFloat(body);
  if (!Number.isFinite(value)) throw new GoTemplateError(`template: :${line}: bad number syntax: "${text}"`);
  return sign * value;
}

/** Lexes the inside of one action, from `at` to the closing delimiter; returns the index after it. */
function lexAction(source: string, at: number, tokens: Token[], line: number): number {
  let i = at;
  let spaced = false;
  const push = (token: Omit<Token, 'line' | 'spaced'>) => {
    tokens.push({ ...token, line, spaced });
    spaced = false;
  };
  for (;;) {
    if (i >= source.length) throw new GoTemplateError(`template: :${line}: unclosed action`);
    const space = match(SPACE, source, i);
    if (space) {
      if (source.startsWith('-}}', i + space.length)) {
        tokens.push({ type: 'right', text: '-}}', line, spaced: true });
        return i + space.length + 3;
      }
      i += space.length;
      spaced = true;
      continue;
    }
    if (source.startsWith('}}', i)) {
      tokens.push({ type: 'right', text: '}}', line, spaced });
      return i + 2;
    }
    const c = source[i] as string;
    const simple: Record<string, TokenType> = { '|': 'pipe', '(': 'lparen', ')': 'rparen', ',': 'comma' };
    if (simple[c]) {
      push({ type: simple[c] as TokenType, text: c });
      i++;
      continue;
    }
    if (source.startsWith(':=', i)) {
      push({ type: 'declare', text: ':=' });
      i += 2;
      continue;
    }
    if (c === '=') {
      push({ type: 'assign', text: '=' });
      i++;
      continue;
    }
    i = lexOperand(source, i, push, line);
  }
}

function lexOperand(
  source: string,
  i: number,
  push: (token: Omit<Token, 'line' | 'spaced'>) => void,
  line: number,
): number {
  const c = source[i] as string;
  if (c === '"') {
    const end = /"(?:[^"\\\n]|\\.)*"/y;
    const raw = match(end, source, i);
    if (!raw) throw new GoTemplateError(`template: :${line}: unterminated quoted string`);
    push({ type: 'literal', text: raw, value: unquote(raw, line) });
    return i + raw.length;
  }
  if (c === '`') {
    const close = source.indexOf('`', i + 1);
    if (close < 0) throw new GoTemplateError(`template: :${line}: unterminated raw quoted string`);
    push({ type: 'literal', text: source.slice(i, close + 1), value: source.slice(i + 1, close) });
    return close + 1;
  }
  if (c === "'") {
    const raw = match(/'(?:[^'\\\n]|\\.)+'/y, source, i);
    if (!raw) throw new GoTemplateError(`template: :${line}: unterminated character constant`);
    const text = unquote(`"${raw.slice(1, -1).replaceAll('"', '\\"')}"`, line);
    push({ type: 'literal', text: raw, value: text.codePointAt(0) ?? 0 });
    return i + raw.length;
  }
  if (c === '$') {
    const name = match(NAME, source, i + 1) ?? '';
    const chain = match(CHAIN, source, i + 1 + name.length) ?? '';
    push({ type: 'variable', text: `$${name}`, path: chain ? chain.slice(1).split('.') : [] });
    return i + 1 + name.length + chain.length;
  }
  if (c === '.' && !/[0-9]/.test(source[i + 1] ?? '')) {
    const chain = match(CHAIN, source, i);
    if (!chain) {
      push({ type: 'dot', text: '.' });
      return i + 1;
    }
    push({ type: 'field', text: chain, path: chain.slice(1).split('.') });
    return i + chain.length;
  }
  const number = /[0-9+\-.]/.test(c) ? match(NUMBER, source, i) : null;
  if (number) {
    push({ type: 'literal', text: number, value: parseNumber(number, line) });
    return i + number.length;
  }
  const name = match(NAME, source, i);
  if (!name) throw new GoTemplateError(`template: :${line}: unexpected "${c}" in command`);
  const after = i + name.length;
  if (name === 'true' || name === 'false') push({ type: 'literal', text: name, value: name === 'true' });
  else if (name === 'nil') push({ type: 'nil', text: name });
  else if (KEYWORDS.has(name)) push({ type: 'keyword', text: name });
  else {
    const chain = match(CHAIN, source, after) ?? '';
    push({ type: 'ident', text: name, path: chain ? chain.slice(1).split('.') : [] });
    return after + chain.length;
  }
  return after;
}

/** Tokenises a whole template; trim markers are applied to the neighbouring text here. */
export function lex(source: string): Token[] {
  const tokens: Token[] = [];
  const lineAt = lineCounter(source);
  let i = 0;
  let trimNext = false;
  while (i < source.length) {
    const open = source.indexOf('{{', i);
    let text = source.slice(i, open < 0 ? source.length : open);
    if (trimNext) text = text.replace(/^[ \t\r\n]+/, '');
    trimNext = false;
    if (open < 0) {
      if (text) tokens.push({ type: 'text', text, line: lineAt(i), spaced: false });
      break;
    }
    let at = open + 2;
    const trimLeft = /^-[ \t\r\n]/.test(source.slice(at, at + 2));
    if (trimLeft) {
      text = text.replace(/[ \t\r\n]+$/, '');
      at += 2;
    }
    if (text) tokens.push({ type: 'text', text, line: lineAt(i), spaced: false });
    const line = lineAt(open);
    const comment = match(/[ \t\r\n]*\/\*/y, source, at);
    if (comment) {
      const close = source.indexOf('*/', at + comment.length);
      if (close < 0) throw new GoTemplateError(`template: :${line}: unclosed comment`);
      const rest = match(/[ \t\r\n]*(-)?[ \t\r\n]*\}\}/y, source, close + 2);
      if (!rest) throw new GoTemplateError(`template: :${line}: comment ends before closing delimiter`);
      trimNext = rest.includes('-');
      i = close + 2 + rest.length;
      continue;
    }
    tokens.push({ type: 'left', text: '{{', line, spaced: false });
    i = lexAction(source, at, tokens, line);
    trimNext = tokens[tokens.length - 1]?.text === '-}}';
  }
  return tokens;
}
