/** Limits of drawing a scraped document: lines drawn and nesting levels opened. */
export const DOCUMENT_LIMITS = { maxLines: 100_000, maxDepth: 64 } as const;

/** One line of the pretty-printed document and its indentation level. */
export interface DocumentLine {
  depth: number;
  text: string;
}

/** The pretty-printed document, and whether it was cut at the line limit. */
export interface DocumentText {
  lines: DocumentLine[];
  truncated: boolean;
}

interface Frame {
  entries: Array<[string | null, unknown]>;
  index: number;
  depth: number;
  close: string;
  suffix: string;
}

function scalar(value: unknown): string {
  if (value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? 'null';
}

/**
 * Pretty-prints a JSON value into lines without recursion, so no document breaks the page: a
 * deeply nested one stops opening levels past `maxDepth` (saying so on that line) and a huge one
 * stops at `maxLines` (`truncated`). Strings keep JSON's escapes, so control bytes show as \uXXXX.
 */
export function documentLines(value: unknown, limits: { maxLines: number; maxDepth: number } = DOCUMENT_LIMITS) {
  const lines: DocumentLine[] = [];
  const stack: Frame[] = [];
  let truncated = false;
  const emit = (depth: number, text: string) => {
    if (lines.length >= limits.maxLines) truncated = true;
    else lines.push({ depth, text });
  };
  const open = (item: unknown, depth: number, prefix: string, suffix: string) => {
    if (typeof item !== 'object' || item === null) {
      emit(depth, `${prefix}${scalar(item)}${suffix}`);
      return;
    }
    const array = Array.isArray(item);
    const entries: Array<[string | null, unknown]> = array
      ? item.map((entry): [null, unknown] => [null, entry])
      : Object.entries(item);
    const [start, close] = array ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) emit(depth, `${prefix}${start}${close}${suffix}`);
    else if (depth >= limits.maxDepth) {
      emit(
        depth,
        `${prefix}${start} … ${entries.length} entries nested deeper than ${limits.maxDepth} levels ${close}${suffix}`,
      );
    } else {
      emit(depth, `${prefix}${start}`);
      stack.push({ entries, index: 0, depth, close, suffix });
    }
  };
  open(value, 0, '', '');
  while (stack.length > 0 && !truncated) {
    const top = stack[stack.length - 1] as Frame; // the loop runs while the stack has a frame
    if (top.index >= top.entries.length) {
      stack.pop();
      emit(top.depth, `${top.close}${top.suffix}`);
      continue;
    }
    const [key, item] = top.entries[top.index] as [string | null, unknown]; // index < length, checked above
    top.index += 1;
    const prefix = key === null ? '' : `${JSON.stringify(key)}: `;
    open(item, top.depth + 1, prefix, top.index === top.entries.length ? '' : ',');
  }
  return { lines, truncated } satisfies DocumentText;
}
