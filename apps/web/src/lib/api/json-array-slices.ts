/**
 * Reading one long array of a JSON answer a slice at a time. `JSON.parse` of a 7 MB answer (10,000
 * health checks) is one task of tens of milliseconds before anything can be drawn; a page that shows
 * a screenful first can parse the first elements alone and the rest in slices between frames. The
 * scanner only finds element boundaries (strings and nesting, with escapes); each slice is still parsed
 * by `JSON.parse`, so values come out exactly as a whole parse would give them.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isSpace(text.charCodeAt(i))) i += 1;
  return i;
}

/** The index after the string starting at `at` (a quote), or -1 when it never ends. */
function skipString(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return -1;
    let slashes = 0;
    for (let back = quote - 1; text.charCodeAt(back) === BACKSLASH; back -= 1) slashes += 1;
    if (slashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** The index after the value starting at `at`, or -1 when the text is not well formed there. */
function skipValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return skipString(text, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // a number, true, false or null: up to the next delimiter
    let i = at;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isSpace(code)) break;
      i += 1;
    }
    return i > at ? i : -1;
  }
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = skipString(text, i);
      if (i === -1) return -1;
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  return -1;
}

/**
 * The elements of one array inside a JSON text, handed out in slices. `next(count)` parses up to
 * `count` more elements and returns them; `done` turns true after the last one.
 */
export interface JsonArraySlices {
  next(count: number): unknown[];
  readonly done: boolean;
}

/**
 * Opens the array under the top-level key `key` of the JSON object in `text`, or the text itself when it
 * is an array and no key is given; undefined when the text is not shaped so (the caller then parses it
 * whole, which reports a malformed answer as before).
 */
export function jsonArraySlices(text: string, key?: string): JsonArraySlices | undefined {
  let i = skipSpace(text, 0);
  if (key === undefined) {
    return text.charCodeAt(i) === OPEN_BRACKET ? arraySlices(text, i + 1) : undefined;
  }
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined;
  i = skipSpace(text, i + 1);
  let start = -1;
  while (i < text.length && text.charCodeAt(i) === QUOTE) {
    const keyEnd = skipString(text, i);
    if (keyEnd === -1) return undefined;
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return undefined;
    i = skipSpace(text, i + 1);
    if (name === key) {
      if (text.charCodeAt(i) !== OPEN_BRACKET) return undefined;
      start = i + 1;
      break;
    }
    i = skipValue(text, i);
    if (i === -1) return undefined;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
  }
  return start === -1 ? undefined : arraySlices(text, start);
}

/** Slices of the array whose elements start at `start` (just after its `[`). */
function arraySlices(text: string, start: number): JsonArraySlices {
  let at = skipSpace(text, start);
  let done = text.charCodeAt(at) === CLOSE_BRACKET;
  return {
    get done() {
      return done;
    },
    next(count) {
      if (done || count <= 0) return [];
      const from = at;
      let end = at;
      let taken = 0;
      while (taken < count) {
        end = skipValue(text, at);
        if (end === -1) throw new SyntaxError('Unexpected end of the JSON array');
        taken += 1;
        at = skipSpace(text, end);
        const code = text.charCodeAt(at);
        if (code === CLOSE_BRACKET) {
          done = true;
          break;
        }
        if (code !== COMMA) throw new SyntaxError(`Unexpected character in the JSON array at ${at}`);
        at = skipSpace(text, at + 1);
      }
      return JSON.parse(`[${text.slice(from, end)}]`) as unknown[];
    },
  };
}
