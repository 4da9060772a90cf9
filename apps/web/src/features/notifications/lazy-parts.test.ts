import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticImportsOf } from '../../test/area-imports';

/** features/notifications; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const AREA = fileURLToPath(new URL('./', `file://${__filename}`));

/** packages/contracts/src, whose modules the console reads through `@mc/contracts`. */
const CONTRACTS = join(AREA, '../../../../../packages/contracts/src');

/**
 * What /notifications must not load. Every module in routes/, components/ and api/ joins one chunk,
 * `area-notifications` (vite.config.ts), and that chunk's static imports load with every notifications
 * page: the rule editor's YAML parser, React Aria's date field and calendar (the maintenance form) and the
 * resource icons (the silences list) came with the send history (224 kB gzip beyond the entry, 136 kB
 * without them). Each is reached with `import()` only; the rule editor sits outside those folders
 * (docs/web.md 'Bundle rules').
 */
const LAZY_ONLY = [
  'yaml',
  '../rule-editor',
  '../../../components/ui/date-time-picker',
  '../../../components/resource-icon',
];

describe('the notifications chunk (issue 30)', () => {
  it('imports the rule editor, the YAML parser, the date picker and the resource icons only with import()', () => {
    const { count, found } = staticImportsOf(AREA, LAZY_ONLY);
    expect(count).toBeGreaterThan(15);
    expect(found).toEqual([]);
  });
});

/** The names a source imports as values from `@mc/contracts` (`type` ones load nothing). */
function contractValues(text: string): string[] {
  return [...text.matchAll(/^import\s+\{([^}]*)\}\s+from\s+'@mc\/contracts'/gm)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

/** Every `features/notifications` source, its subfolders too, tests left out. */
function areaSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return areaSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the contracts /notifications reads (issue 30)', () => {
  const modules = readdirSync(CONTRACTS)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ name, text: readFileSync(join(CONTRACTS, name), 'utf8') }));
  const names = [...new Set(areaSources(AREA).flatMap((path) => contractValues(readFileSync(path, 'utf8'))))];

  /*
   * A contracts module that builds zod schemas is kept whole once one of its constants is used, and zod with
   * it: NOTIFICATION_LIST_PAGE_SIZE beside the rule schemas put 25 kB gzip of zod in the chunks the send
   * history's boot request waits for (app/shell-prefetch.ts).
   */
  it.each(names)('%s is defined in a module that imports no zod', (name) => {
    const defining = modules.filter((m) => new RegExp(`export (const|function) ${name}\\b`).test(m.text));
    expect(defining.map((m) => m.name)).toHaveLength(1);
    for (const m of defining) expect(m.text, m.name).not.toMatch(/from 'zod'/);
  });
});
