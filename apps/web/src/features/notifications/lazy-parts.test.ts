import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** features/notifications; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const AREA = fileURLToPath(new URL('./', `file://${__filename}`));

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

/** The modules a file imports statically (type-only imports are erased and load nothing). */
function staticImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] ?? '');
}

describe('the notifications chunk (issue 30)', () => {
  it('imports the rule editor, the YAML parser, the date picker and the resource icons only with import()', () => {
    const sources = ['routes', 'components', 'api'].flatMap((folder) =>
      readdirSync(join(AREA, folder))
        .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        .map((name) => ({ path: `${folder}/${name}`, text: readFileSync(join(AREA, folder, name), 'utf8') })),
    );
    expect(sources.length).toBeGreaterThan(15);
    const found = sources.flatMap(({ path, text }) =>
      staticImports(text)
        .filter((source) => LAZY_ONLY.includes(source))
        .map((source) => `${path} → ${source}`),
    );
    expect(found).toEqual([]);
  });
});
