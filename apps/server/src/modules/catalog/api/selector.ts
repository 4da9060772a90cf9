/** One requirement of a label selector on a JSON object of string values (tags or labels). */
export type Requirement =
  | { op: 'in'; key: string; values: string[] }
  | { op: 'notin'; key: string; values: string[] }
  | { op: 'exists'; key: string }
  | { op: 'absent'; key: string };

const KEY = '[A-Za-z0-9][A-Za-z0-9_.\\-/:]{0,252}';
const VALUE = '[^,()!=\\s][^,()=]*?';
const SET = new RegExp(`^(${KEY})\\s+(in|notin)\\s*\\(([^()]*)\\)$`);
const EQUALS = new RegExp(`^(${KEY})\\s*(==|=|!=)\\s*(${VALUE})?$`);
const EXISTS = new RegExp(`^(!?)\\s*(${KEY})$`);

/** Splits at commas outside parentheses. */
function parts(input: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of input) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth < 0 || depth > 1) return undefined;
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (depth !== 0) return undefined;
  out.push(current.trim());
  return out.filter((p) => p !== '');
}

/**
 * Parses a Kubernetes-style selector as upstream's `tags` filter takes it: `key=value`, `key==value`,
 * `key!=value`, `key in (a,b)`, `key notin (a,b)`, `key` (present) and `!key` (absent), comma-separated.
 * Undefined when the text is not a selector.
 */
export function parseSelector(input: string): Requirement[] | undefined {
  const list = parts(input);
  if (!list) return undefined;
  const out: Requirement[] = [];
  for (const part of list) {
    const set = SET.exec(part);
    if (set) {
      const values = (set[3] ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (values.length === 0) return undefined;
      out.push({ op: set[2] === 'in' ? 'in' : 'notin', key: set[1] as string, values }); // group 1 always matches
      continue;
    }
    const eq = EQUALS.exec(part);
    if (eq) {
      const key = eq[1] as string; // the pattern's first group always matches
      const value = (eq[3] ?? '').trim();
      out.push(eq[2] === '!=' ? { op: 'notin', key, values: [value] } : { op: 'in', key, values: [value] });
      continue;
    }
    const exists = EXISTS.exec(part);
    if (exists) {
      out.push({ op: exists[1] ? 'absent' : 'exists', key: exists[2] as string }); // group 2 always matches
      continue;
    }
    return undefined;
  }
  return out;
}
