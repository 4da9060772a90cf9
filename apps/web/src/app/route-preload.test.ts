import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isPageRequests,
  PRELOADED_ROUTES,
  preloadScript,
  routeChunks,
  withBootTags,
} from '../../scripts/route-preload';

function chunk(fileName: string, imports: string[], moduleIds: string[] = [], isEntry = false) {
  return { type: 'chunk', fileName, imports, moduleIds, isEntry };
}

/** A bundle shaped like the console's: an entry with a shared chunk, two area chunks sharing one. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/jsx.js'], ['/repo/apps/web/src/main.tsx'], true),
    chunk('assets/jsx.js', []),
    chunk(
      'assets/area-catalog.js',
      ['assets/jsx.js', 'assets/table.js'],
      ['/repo/apps/web/src/features/catalog/routes/catalog-page.tsx'],
    ),
    chunk('assets/table.js', ['assets/virtual.js']),
    chunk('assets/virtual.js', []),
    chunk(
      'assets/area-health.js',
      ['assets/table.js', 'assets/summary.js'],
      ['/repo/apps/web/src/features/health/routes/health-page.tsx'],
    ),
    chunk(
      'assets/prefetch-health.js',
      ['assets/summary.js'],
      ['/repo/apps/web/src/features/health/api/prefetch-health-page.ts'],
    ),
    chunk('assets/summary.js', ['assets/jsx.js'], ['/repo/apps/web/src/features/health/api/get-checks-summary.ts']),
  ].map((file) => [file.fileName, file]),
) as unknown as OutputBundle;

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  window.history.replaceState(null, '', '/');
});

describe('route chunk preloading', () => {
  it('names, for each landing route, the chunks its page needs beyond the entry’s, its data prefetch first', () => {
    expect(routeChunks(bundle)).toEqual({
      '/catalog': ['/assets/area-catalog.js', '/assets/table.js', '/assets/virtual.js'],
      '/health': [
        '/assets/prefetch-health.js',
        '/assets/summary.js',
        '/assets/area-health.js',
        '/assets/table.js',
        '/assets/virtual.js',
      ],
    });
  });

  it('preloads the chunks of the page in the address bar only', () => {
    window.history.replaceState(null, '', '/catalog/');
    new Function(preloadScript(routeChunks(bundle)))();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => new URL(link.href).pathname)).toEqual([
      '/assets/area-catalog.js',
      '/assets/table.js',
      '/assets/virtual.js',
    ]);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('preloads nothing on a page it does not know', () => {
    window.history.replaceState(null, '', '/settings/users');
    new Function(preloadScript(routeChunks(bundle)))();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('names modules the routing table loads', () => {
    const routes = readFileSync(fileURLToPath(new URL('./routes.tsx', `file://${__filename}`)), 'utf8');
    for (const module of Object.values(PRELOADED_ROUTES)) {
      expect(routes).toContain(`import('../${module.replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
    }
  });
});

describe('the boot script in the HTML (src/boot.ts)', () => {
  it('runs inline before the entry, after the route-preload script', () => {
    const html = '<head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n</head>';
    const out = withBootTags(html, 'preloadRoutes();', 'askEarly();');
    const order = ['<script>preloadRoutes();</script>', '<script>askEarly();</script>', 'index.js'];
    const positions = order.map((part) => out.indexOf(part));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('cannot end its element early', () => {
    expect(withBootTags('<script type="module" src="/e.js"></script>', 'p("</script>");', 'q("</script>")')).toBe(
      '<script>p("<\\/script>");</script>\n    <script>q("<\\/script>")</script>\n    <script type="module" src="/e.js"></script>',
    );
  });

  it("knows the pages' early-call modules, which stay out of the area chunks", () => {
    expect(isPageRequests('/repo/apps/web/src/features/catalog/api/page-requests.ts')).toBe(true);
    expect(isPageRequests('/repo/apps/web/src/features/catalog/api/get-config-list.ts')).toBe(false);
  });
});
