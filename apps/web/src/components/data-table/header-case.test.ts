import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Words Title Case leaves in lower case inside a heading. */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs']);

/** Whether every word of a column heading is capitalised, small words inside it aside. */
function isTitleCase(text: string): boolean {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .every((word, index) => (index > 0 && SMALL_WORDS.has(word)) || !/^[a-z]/.test(word));
}

/** apps/web/src; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const SOURCE = fileURLToPath(new URL('../../', `file://${__filename}`));

/** The console's components (`.tsx`; `.ts` files hold no table columns, only fields named `header`). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Every table heading the console's sources declare: column `header`s, date columns, literal header lists. */
function headings(): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  for (const path of sourceFiles(SOURCE)) {
    const source = readFileSync(path, 'utf8');
    const file = relative(SOURCE, path);
    for (const match of source.matchAll(/\bheader: '([^']+)'/g)) found.push({ file, text: match[1] ?? '' });
    for (const match of source.matchAll(/dateTimeColumn\(\s*'[^']+',\s*'([^']+)'/g))
      found.push({ file, text: match[1] ?? '' });
    for (const match of source.matchAll(/const COLUMNS = \[([^\]]+)\]/g))
      for (const item of (match[1] ?? '').matchAll(/'([^']+)'/g)) found.push({ file, text: item[1] ?? '' });
  }
  return found;
}

/** Table headings follow one rule, Title Case, as written (issue 12 §6). */
describe('table headings', () => {
  it('are written in Title Case', () => {
    const all = headings();
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((heading) => !isTitleCase(heading.text))).toEqual([]);
  });

  it('are shown as written: no header cell restyles its case', () => {
    const restyled = sourceFiles(SOURCE)
      .filter((path) =>
        /<th\b[^>]*className="[^"]*\b(uppercase|lowercase|capitalize)\b/s.test(readFileSync(path, 'utf8')),
      )
      .map((path) => relative(SOURCE, path));
    expect(restyled).toEqual([]);
  });
});
