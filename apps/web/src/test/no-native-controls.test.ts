import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** apps/web/src; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const SOURCE = fileURLToPath(new URL('../', `file://${__filename}`));

/** A native select, or a native date or date-time input, written in JSX. */
const NATIVE = /<select\b|type=["'](?:date|datetime-local)["']/;

/** The `.tsx` sources under apps/web/src, tests left out, as paths relative to it. */
function tsxSources(dir = SOURCE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxSources(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [relative(SOURCE, path)] : [];
  });
}

/**
 * Issue 30 ("One look"): every select and date field of the console is on the React Aria primitives of
 * ADR 0006 (`components/ui/select`, `combobox`, `date-picker`, `date-time-picker`), one look and one
 * keyboard model; a native `<select>` or date input written in a screen fails here.
 */
describe('native form controls (issue 30, ADR 0006)', () => {
  it('no screen draws a native select or date input', () => {
    const found = tsxSources().filter((path) => NATIVE.test(readFileSync(join(SOURCE, path), 'utf8')));
    expect(found).toEqual([]);
  });
});
