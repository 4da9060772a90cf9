import type { PgrstError } from './pgrst-error.js';
import type { FieldRef, JsonStep } from './query-types.js';

/** Characters that end a bare (unquoted) name inside select/order/filter syntax. */
const NAME_STOP = new Set([',', '.', ':', '(', ')', '!', '-', '>', '"', ' ']);

/** A cursor over one parameter value, with helpers for PostgREST's small grammars. */
export class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    private readonly fail: (details: string) => PgrstError,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(n = 1): string {
    return this.text.slice(this.pos, this.pos + n);
  }

  eat(s: string): boolean {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }

  expect(s: string): void {
    if (!this.eat(s)) throw this.error(`"${s}"`);
  }

  error(expecting: string): PgrstError {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    return this.fail(`unexpected ${found} expecting ${expecting}`);
  }

  /** A bare name, or a double-quoted one (with `\"` and `""` escapes). */
  name(): string {
    if (this.eat('"')) {
      let out = '';
      while (!this.done) {
        const ch = this.peek();
        if (ch === '\\' && this.text[this.pos + 1] === '"') {
          out += '"';
          this.pos += 2;
        } else if (ch === '"') {
          this.pos += 1;
          if (out === '') throw this.error('a name');
          return out;
        } else {
          out += ch;
          this.pos += 1;
        }
      }
      throw this.error('closing quote');
    }
    const start = this.pos;
    while (!this.done && !NAME_STOP.has(this.peek())) this.pos += 1;
    // A single '-' inside a name (not an arrow) is allowed, e.g. hyphenated JSON keys.
    if (this.pos === start) throw this.error('a name');
    return this.text.slice(start, this.pos);
  }

  /** A JSON key: a name, or digits (an array index, possibly negative). */
  jsonKey(): string {
    if (/[-0-9]/.test(this.peek()) && /^-?\d+/.test(this.text.slice(this.pos))) {
      const m = /^-?\d+/.exec(this.text.slice(this.pos));
      const digits = m?.[0] ?? '';
      this.pos += digits.length;
      return digits;
    }
    return this.name();
  }
}

/** Parses `name` plus an optional JSON path (`->a->>b`) at the cursor. */
export function parseFieldAt(cursor: Cursor): FieldRef {
  const name = cursor.name();
  const path: JsonStep[] = [];
  for (;;) {
    if (cursor.eat('->>')) path.push({ arrow: '->>', key: cursor.jsonKey() });
    else if (cursor.eat('->')) path.push({ arrow: '->', key: cursor.jsonKey() });
    else break;
  }
  return { name, path };
}

/** The name a JSON-path field gets in the answer: its last key, as PostgREST names it. */
export function fieldOutputName(field: FieldRef): string {
  const last = field.path[field.path.length - 1];
  return last ? last.key : field.name;
}
