/**
 * `format: properties` (config-db's Java-properties reading): `key=value`, `key: value` or `key value`
 * lines, `#` and `!` comment lines, a trailing `\` continuing a value on the next line, `\t`, `\n`,
 * `\\` and `\uXXXX` escapes. As config-db does after parsing, a value ends at its first tab and at a `#`
 * outside single quotes (a trailing comment, as in postgresql.conf), trimmed. `${key}` references are
 * kept as written (config-db's library would expand them).
 */

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

function unescaped(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, code: string) => {
    if (code.length === 5) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    return ESCAPES[code] ?? code;
  });
}

/** Joins continued lines (an odd number of trailing backslashes) and drops comments and blanks. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = pending ? raw.trimStart() : raw.trim();
    if (!pending && (line === '' || line.startsWith('#') || line.startsWith('!'))) continue;
    const trailing = /\\+$/.exec(line)?.[0].length ?? 0;
    if (trailing % 2 === 1) {
      pending += line.slice(0, -1);
      continue;
    }
    lines.push(pending + line);
    pending = '';
  }
  if (pending) lines.push(pending);
  return lines;
}

/** Splits a logical line at its first unescaped `=`, `:` or whitespace. */
function keyValue(line: string): [string, string] {
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (char === '=' || char === ':' || char === ' ' || char === '\t' || char === '\f') {
      const rest = line.slice(i).replace(/^[ \t\f]*[=:]?[ \t\f]*/, '');
      return [line.slice(0, i), rest];
    }
  }
  return [line, ''];
}

/** config-db's clean-up of a parsed value: cut at a tab, cut at a `#` outside single quotes, trim. */
function cleaned(value: string): string {
  let out = value.split('\t')[0] ?? '';
  let quoted = false;
  for (let i = 0; i < out.length; i++) {
    if (out[i] === "'") quoted = !quoted;
    if (out[i] === '#' && !quoted) {
      out = out.slice(0, i).trim();
      break;
    }
  }
  return out;
}

/** Parses properties text into an object of strings (a later key wins, as in Java). */
export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of logicalLines(text)) {
    const [key, value] = keyValue(line);
    out[unescaped(key)] = cleaned(unescaped(value));
  }
  return out;
}
