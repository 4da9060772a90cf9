import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { resourceIcons } from './scripts/resource-icons-plugin.ts';
import { isPageRequests, pagePrefetchArea, routePreload } from './scripts/route-preload.ts';

// The product's version, from the root package.json the server reports too (platform/version.ts), so the
// user menu's frontend and backend versions come from one place and cannot drift apart.
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Areas whose pages stay separate lazy chunks (see `areaChunk`): the settings consoles (one feature per
 * server module) and topology.
 */
const UNGROUPED_AREAS = new Set([
  'agents',
  'connections',
  'integrations',
  'jobs',
  'people',
  'permissions',
  'properties',
  'settings-views',
  'topology',
]);

/**
 * One lazy chunk per product area: the modules under src/features/<area>/{routes,components,api}/ join
 * chunk `area-<area>`. Files at an area's root (e.g. features/auth/auth-routes.tsx, which the routing
 * table imports statically) stay with the entry: grouping a statically imported module would make the
 * entry and the area chunk import each other and read exports before they are initialised.
 */
function areaChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const match = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/](routes|components|api)[\\/]/.exec(id);
  // The settings consoles (connections, people, jobs, the resource editor…) are independent pages: grouped,
  // a chunk would statically pull every page's own dependencies (CodeMirror for a connections list), so each
  // settings page stays its own lazy chunk. Topology's list is the landing page after sign-in:
  // grouped, it would load the component page's tabs with it, over the first screen's 180 kB budget.
  if (!match || UNGROUPED_AREAS.has(match[1] ?? '')) return null;
  return servesPagePrefetch(id, ctx, new Set()) ? null : `area-${match[1]}`;
}

/**
 * Whether `id` is a page-data prefetch module (app/shell-prefetch.ts) or one of its static imports: these
 * stay out of the area's chunk, so the console asks for the page's data as soon as the few modules that
 * build the request have loaded, not once the whole area (dialogs, tables, pickers) has (~100 ms on /health).
 */
function servesPagePrefetch(id: string, ctx: Rolldown.ChunkingContext, seen: Set<string>): boolean {
  if (pagePrefetchArea(id) || isPageRequests(id)) return true;
  seen.add(id);
  const importers = ctx.getModuleInfo(id)?.importers ?? [];
  return importers.some(
    (importer) =>
      importer.includes(`${sep}features${sep}`) && !seen.has(importer) && servesPagePrefetch(importer, ctx, seen),
  );
}

/** React, its DOM, the router, the query library and Vite's preload helper: every page loads them with the entry. */
const CORE =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]react-query|@tanstack[\\/]query-core)[\\/]|vite[\\/]preload-helper/;

/**
 * The packages of {@link CORE} in one chunk. Split by which lazy pages share each part, they were five files
 * with the entry (the JSX runtime, the router, `useQuery`, `useMutation`, the preload helper), each taking one
 * of HTTP/1.1's six connections before who-am-I and the page's data: every page now loads four to five files
 * fewer, and the entry's closure 2 kB gzip less (fewer chunk wrappers).
 */
function coreChunk(id: string): string | null {
  return CORE.test(id) ? 'core' : null;
}

/** React Aria's packages (ADR 0006) and what only they use. */
const REACT_ARIA =
  /[\\/]node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@react-types|@internationalized|use-sync-external-store)[\\/]/;

/** How many lazy pages must share a React Aria module for it to join the shared chunk. */
const REACT_ARIA_SHARED_BY = 25;

/**
 * React Aria's hooks that most lazy pages share, in one chunk. Split by which pages share each hook, they were
 * six to nine files on every page with a table or a form (select, Dialog, useDescription, animation,
 * VisuallyHidden, useFormValidation, Modal…), each request taking one of HTTP/1.1's six connections before
 * who-am-I and the page's data. A module shared by fewer than {@link REACT_ARIA_SHARED_BY} lazy pages (the
 * calendar, the date pickers, tabs, the combobox) stays split as before, so a page does not load what only
 * a few pages use: at 25 the sidebar pages load 6–9 files instead of 11–15 and 3–7 kB gzip less (fewer
 * chunk wrappers); at 1 the chunk held all of React Aria (137 kB gzip, +55 kB a page), at 40 it left three
 * more files a page. The entry imports none of React Aria, so the first screens do not change.
 */
function reactAriaChunk(id: string): string | null {
  return REACT_ARIA.test(id) ? 'react-aria' : null;
}

/**
 * Automatic chunks smaller than this (bytes of transformed source, before minification: about 2–4 kB gzip) are
 * copied into the chunks that import them instead of being files of their own (rolldown's inline common chunks;
 * one copy runs, its state shared through the runtime's registry). Rolldown splits off a chunk for every set of
 * lazy pages sharing a module, so a route loaded dozens of files under 2 kB gzip (/catalog 32 of 42), and on
 * HTTP/1.1's six connections per host who-am-I and the page's data queued behind them (docs/web.md 'Bundle
 * rules'). 12,000 left /notifications 11 files and /catalog 15 (were 31 and 42); 24,000 saved one or two more for
 * 1–2 kB more JavaScript in the entry, 6,000 kept twice as many files.
 */
const INLINE_COMMON_CHUNKS_BELOW = 12_000;

export default defineConfig({
  plugins: [react(), tailwindcss(), resourceIcons(), routePreload(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/health': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // zod schemas built at module level in @mc/contracts are pure: unused ones (and zod) stay out of the entry
      treeshake: { manualPureFunctions: ['z'] },
      // inlining common chunks needs it: the entry's unused exports may go (the console's entry exports nothing)
      preserveEntrySignatures: false,
      output: {
        // what inlining needs as well: each module's body runs in source order wherever its code was copied,
        // which costs the entry 3.2 kB gzip of wrappers
        strictExecutionOrder: true,
        codeSplitting: {
          // stylesheets stay with their own chunk: copied, a module's CSS would be emitted by every copy
          experimentalInlineCommonChunks: { maxSize: INLINE_COMMON_CHUNKS_BELOW, exclude: /\.css(\?|$)/ },
          includeDependenciesRecursively: false,
          groups: [
            { name: coreChunk, debugName: 'the entry and what every page loads with it' },
            { name: reactAriaChunk, minShareCount: REACT_ARIA_SHARED_BY, debugName: 'React Aria' },
            { name: areaChunk, debugName: 'product areas' },
          ],
        },
      },
    },
  },
});
