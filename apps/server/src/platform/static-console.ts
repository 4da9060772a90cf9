import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveImmutableAssets } from './immutable-assets.js';
import { type CachedFile, readCachedFile, sendCachedFile, servePrecompressed } from './precompressed-files.js';
import type { AppEnv } from './request-context.js';

/**
 * The console's index.html, read once it exists (the console may be built after the server starts) with
 * its precompressed siblings, and the Content Security Policy sources that allow exactly its inline scripts.
 * The build inlines the two small scripts that must run before anything paints (the theme and the route
 * preloads): as files they were parser-blocking requests, answered 250–450 ms into a page's load on the
 * 2-core machine, and every script of the page waited for them (docs/web.md "Inline boot scripts").
 */
export interface ConsoleIndex {
  /** The page, or undefined while the console is not built. */
  file(): CachedFile | undefined;
  /** `'sha256-…'` of each inline script of the page, space-separated; empty while it is not built. */
  scriptSources(): string;
}

/** The CSP hash source of each inline `<script>` (no `src`) of `html`, as browsers hash its text. */
export function inlineScriptSources(html: string): string {
  const sources: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    sources.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return sources.join(' ');
}

/** Opens the console's index.html in `distDir` (read on first use, then kept). */
export function openConsoleIndex(distDir: string): ConsoleIndex {
  const path = join(distDir, 'index.html');
  let index: { file: CachedFile; sources: string } | undefined;
  const read = () => {
    if (index) return index;
    const file = readCachedFile(path);
    if (file) index = { file, sources: inlineScriptSources(Buffer.from(file.identity).toString('utf8')) };
    return index;
  };
  return { file: () => read()?.file, scriptSources: () => read()?.sources ?? '' };
}

/** Serves index.html uncached, brotli or gzip when the browser accepts it. */
function indexResponder(index: ConsoleIndex): (c: Context<AppEnv>) => Response {
  return (c) => {
    const file = index.file();
    c.header('Cache-Control', 'no-store');
    if (!file) return c.text('The console is not built. Run `npm run build`.', 503);
    return sendCachedFile(c, file, 'text/html; charset=UTF-8');
  };
}

/**
 * For paths that are both a server endpoint and a console route (`/health` is the liveness probe
 * and the Health page): a browser navigation (Accept: text/html) gets the console, anything else
 * (probes, curl, fetch) gets the endpoint.
 */
export function consoleForBrowserNavigation(index: ConsoleIndex): MiddlewareHandler<AppEnv> {
  const respond = indexResponder(index);
  return async (c, next) => {
    if (c.req.method === 'GET' && c.req.header('accept')?.includes('text/html')) return respond(c);
    await next();
  };
}

/**
 * Serves the built console: files from `distDir` (precompressed by the build, see
 * precompressed-files.ts), and index.html for any other non-API path so the console's router handles
 * it. Hashed assets are cached for a year and answered from memory (immutable-assets.ts); index.html never is.
 */
export function mountConsole(app: Hono<AppEnv>, distDir: string, index: ConsoleIndex): void {
  const respond = indexResponder(index);
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200 || c.res.status === 206) {
      c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    }
  });
  app.use('/assets/*', serveImmutableAssets(distDir));
  app.use('*', servePrecompressed(distDir));
  app.get('*', respond);
}
