import { describe, expect, it } from 'vitest';
import { documentLines } from './document-lines';
import { displayLine, MAX_LINE_CHARS } from './safe-text';

describe('document lines', () => {
  it('pretty-prints JSON with commas and indentation levels', () => {
    const { lines, truncated } = documentLines({ a: 1, b: [true, null], c: {} });
    expect(truncated).toBe(false);
    expect(lines).toEqual([
      { depth: 0, text: '{' },
      { depth: 1, text: '"a": 1,' },
      { depth: 1, text: '"b": [' },
      { depth: 2, text: 'true,' },
      { depth: 2, text: 'null' },
      { depth: 1, text: '],' },
      { depth: 1, text: '"c": {}' },
      { depth: 0, text: '}' },
    ]);
  });

  it('folds levels past the depth limit instead of recursing (100,000 levels do not overflow)', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level++) deep = { next: deep };
    const { lines } = documentLines(deep, { maxLines: 1000, maxDepth: 64 });
    expect(lines.length).toBe(129);
    expect(lines[64]?.text).toBe('"next": { … 1 entries nested deeper than 64 levels }');
  });

  it('stops at the line limit and says the document was cut', () => {
    const huge = Array.from({ length: 50_000 }, (_, index) => index);
    const { lines, truncated } = documentLines(huge, { maxLines: 1000, maxDepth: 64 });
    expect(lines.length).toBe(1000);
    expect(truncated).toBe(true);
  });

  it('draws control bytes as escapes and cuts very long lines with a count', () => {
    expect(displayLine('a\u0000b\u001bc')).toBe('a\\x00b\\x1bc');
    const long = 'x'.repeat(MAX_LINE_CHARS + 10);
    expect(displayLine(long)).toBe(`${'x'.repeat(MAX_LINE_CHARS)}… (10 more characters)`);
  });
});
