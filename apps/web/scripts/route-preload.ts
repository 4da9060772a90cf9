import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/**
 * The pages a browser is sent to first (the landing page after sign-in and the sidebar's entries) and the
 * module of each: the chunks that module needs are asked for the moment the HTML is read.
 */
export const PRELOADED_ROUTES: Readonly<Record<string, string>> = {
  '/topology': 'src/features/topology/routes/topology-page.tsx',
  '/health': 'src/features/health/routes/health-page.tsx',
  '/incidents': 'src/features/incidents/routes/incidents-page.tsx',
  '/catalog': 'src/features/catalog/routes/catalog-page.tsx',
  '/playbooks': 'src/features/playbooks/routes/playbooks-page.tsx',
  '/notifications': 'src/features/notifications/routes/notifications-page.tsx',
  '/logs': 'src/features/logs/routes/logs-page.tsx',
  '/settings/connections': 'src/features/connections/routes/connections-page.tsx',
};

/**
 * The area of a page-data prefetch module (`features/<area>/api/prefetch-*`, app/shell-prefetch.ts), or
 * undefined for any other module. Such modules get chunks of their own (vite.config.ts), preloaded first.
 */
export function pagePrefetchArea(id: string): string | undefined {
  return /[\\/]features[\\/]([^\\/]+)[\\/]api[\\/]prefetch-[^\\/]+$/.exec(id)?.[1];
}

/**
 * Whether a module is a page's early calls (`features/<area>/api/page-requests.ts`), which the boot script
 * imports: like the prefetch modules, these and what they import stay out of the area's chunk
 * (vite.config.ts), or the boot script would load the whole area and React with it.
 */
export function isPageRequests(id: string): boolean {
  return /[\\/]features[\\/][^\\/]+[\\/]api[\\/]page-requests\.ts$/.test(id);
}

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** A chunk and every chunk it imports statically, by file name. */
function closure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

/**
 * For each preloaded route, the chunks its page needs beyond the entry's own (which the HTML already
 * loads), as absolute URLs; routes whose module is not in the bundle are left out.
 */
export function routeChunks(bundle: OutputBundle, base = '/'): Record<string, string[]> {
  const chunks = chunksOf(bundle);
  const entry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(bundle, chunk.fileName, entry);
  const routes: Record<string, string[]> = {};
  for (const [path, module] of Object.entries(PRELOADED_ROUTES)) {
    const page = chunks.find((chunk) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)));
    if (!page) continue;
    // the page's data prefetch first (app/shell-prefetch.ts): its request waits for these few chunks only
    const area = /^src\/features\/([^/]+)\//.exec(module)?.[1];
    const prefetch = chunks.find((chunk) => chunk.moduleIds.some((id) => pagePrefetchArea(id) === area));
    const files = new Set(prefetch ? closure(bundle, prefetch.fileName) : []);
    closure(bundle, page.fileName, files);
    routes[path] = [...files].filter((file) => !entry.has(file)).map((file) => base + file);
  }
  return routes;
}

/** The boot script: adds `<link rel="modulepreload">` for the chunks of the page being opened. */
export function preloadScript(routes: Record<string, string[]>): string {
  return `// Asks for the chunks of the page being opened while the entry chunk loads and runs (scripts/route-preload.ts).
(() => {
  const routes = ${JSON.stringify(routes)};
  const files = routes[location.pathname.replace(/\\/+$/, '')];
  for (const href of files ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = ''; // as the entry's own preloads: the same credentials mode, so import() reuses the answer
    link.href = href;
    document.head.appendChild(link);
  }
})();
`;
}

/**
 * Route chunks asked for with the HTML, and the page's first calls. A lazy page's chunk was asked for only once
 * the entry chunk had loaded and run (about 250–300 ms of Chromium on this project's small machines), and its data
 * only once that chunk had run: the largest paint of every page waited for the chain. Two small scripts inline in
 * the HTML (the Content Security Policy allows index.html's inline scripts by their hash) preload the chunks of
 * the page in the address bar, so they load in parallel with the entry, and ask for the page's first calls
 * (src/boot.ts, bundled on its own), so the server answers them while the scripts still arrive.
 */
export function routePreload(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'mc-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || !config) return;
      const boot = await bundleBootScript(config);
      html.source = withBootTags(String(html.source), preloadScript(routeChunks(bundle)), boot);
    },
  };
}

/** The boot module, from the console's root: it asks for the page's first calls (src/boot.ts). */
export const BOOT_MODULE = 'src/boot.ts';

/**
 * src/boot.ts as one classic script of its own (no imports), minified, built with the console's mode and
 * environment (`import.meta.env`), without the console's plugins. What it shares with the console's modules
 * (the early answers) it keeps on the page's global object (lib/api/early-answers.ts).
 */
export async function bundleBootScript(config: ResolvedConfig): Promise<string> {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    logLevel: 'silent',
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      lib: { entry: join(config.root, BOOT_MODULE), formats: ['iife'], name: 'mcBoot' },
      rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = outputs
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file): file is OutputChunk => file.type === 'chunk' && file.isEntry);
  if (!chunk) throw new Error('route-preload: the boot script built no chunk');
  return chunk.code;
}

/**
 * The HTML with the two boot scripts inline before the entry: the route preloads, then the early calls
 * (src/boot.ts). Both run while the head is parsed, before the stylesheet and the entry's preloads.
 */
export function withBootTags(html: string, preloadSource: string, bootSource: string): string {
  // `</` inside would end the element early; the routes' paths never hold it, but a path is data
  const inline = (source: string) => `<script>${source.replaceAll('</', '<\\/')}</script>`;
  const tags = [inline(preloadSource), inline(bootSource)];
  return html.replace('<script type="module"', `${tags.join('\n    ')}\n    <script type="module"`);
}
