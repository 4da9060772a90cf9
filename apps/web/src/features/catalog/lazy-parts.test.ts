import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** features/catalog; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const AREA = fileURLToPath(new URL('./', `file://${__filename}`));

/**
 * What /catalog's list must not load. Every module in routes/, components/ and api/ joins one chunk,
 * `area-catalog` (vite.config.ts), and that chunk's static imports load with every catalog page, the list
 * too: xyflow, the scraper page's resource editor (settings-views: the YAML parser, react-hook-form, zod)
 * and the playbooks area came with /catalog (297 kB gzip beyond the entry, 138 kB without them). Each is
 * reached with `import()` only, from a module outside those folders where it is the catalog's own
 * (docs/web.md 'Bundle rules').
 */
const LAZY_ONLY = [
  '@xyflow/react',
  'yaml',
  '../../playbooks',
  '../../settings-views',
  '../relationships-graph',
  '../scraper-detail',
];

/** The modules a file imports statically (type-only imports are erased and load nothing). */
function staticImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] ?? '');
}

/** The sources of the grouped folders, tests left out, with the modules each imports statically. */
function groupedSources(): Array<{ path: string; imports: string[] }> {
  return ['routes', 'components', 'api'].flatMap((folder) =>
    readdirSync(join(AREA, folder))
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => ({
        path: `${folder}/${name}`,
        imports: staticImports(readFileSync(join(AREA, folder, name), 'utf8')),
      })),
  );
}

describe('the catalog chunk (issue 30)', () => {
  it('imports the graph, the scraper editor and the playbooks area only with import()', () => {
    const sources = groupedSources();
    expect(sources.length).toBeGreaterThan(30);
    const found = sources.flatMap(({ path, imports }) =>
      imports.filter((source) => LAZY_ONLY.includes(source)).map((source) => `${path} → ${source}`),
    );
    expect(found).toEqual([]);
  });

  it('reads a static import as the bundler does: a type-only import loads nothing', () => {
    const text =
      "import type { A } from 'yaml';\nimport { lazy } from 'react';\nimport {\n  B,\n} from '@xyflow/react';\n";
    expect(staticImports(text)).toEqual(['react', '@xyflow/react']);
  });
});
