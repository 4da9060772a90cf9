import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { resourceIcons } from './scripts/resource-icons-plugin.ts';
import { routePreload } from './scripts/route-preload.ts';

// The product's version, from the root package.json the server reports too (platform/version.ts), so the
// user menu's frontend and backend versions come from one place and cannot drift apart.
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Areas whose pages stay separate lazy chunks (see `areaChunk`). */
const UNGROUPED_AREAS = new Set(['settings', 'topology']);

/**
 * One lazy chunk per product area: the modules under src/features/<area>/{routes,components,api}/ join
 * chunk `area-<area>`. Files at an area's root (e.g. features/auth/auth-routes.tsx, which the routing
 * table imports statically) stay with the entry: grouping a statically imported module would make the
 * entry and the area chunk import each other and read exports before they are initialised.
 */
function areaChunk(id: string): string | null {
  const match = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/](routes|components|api)[\\/]/.exec(id);
  // Settings is a dozen independent consoles (connections, users, jobs, the resource editor…): grouped,
  // its chunk would statically pull every page's own dependencies (CodeMirror for a connections list),
  // so each settings page stays its own lazy chunk. Topology's list is the landing page after sign-in:
  // grouped, it would load the component page's tabs with it, over the first screen's 180 kB budget.
  return match && !UNGROUPED_AREAS.has(match[1] ?? '') ? `area-${match[1]}` : null;
}

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
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: areaChunk }] } },
    },
  },
});
