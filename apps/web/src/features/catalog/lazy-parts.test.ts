import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticImports, staticImportsOf } from '../../test/area-imports';

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

describe('the catalog chunk (issue 30)', () => {
  it('imports the graph, the scraper editor and the playbooks area only with import()', () => {
    const { count, found } = staticImportsOf(AREA, LAZY_ONLY);
    expect(count).toBeGreaterThan(30);
    expect(found).toEqual([]);
  });

  it('reads a static import as the bundler does: a type-only import loads nothing', () => {
    const text =
      "import type { A } from 'yaml';\nimport { lazy } from 'react';\nimport {\n  B,\n} from '@xyflow/react';\n";
    expect(staticImports(text)).toEqual(['react', '@xyflow/react']);
  });
});
