import { join } from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveImmutableAssets } from './immutable-assets.js';
import { type CachedFile, readCachedFile, sendCachedFile, servePrecompressed } from './precompressed-files.js';
import type { AppEnv } from './request-context.js';

/**
 * Reads index.html (and its precompressed siblings) lazily — the console may be built after the server
 * starts — and serves it uncached, brotli or gzip when the browser accepts it.
 */
function indexResponder(distDir: string): (c: Context<AppEnv>) => Response {
  const indexPath = join(distDir, 'index.html');
  let index: CachedFile | undefined = readCachedFile(indexPath);
  return (c) => {
    index ??= readCachedFile(indexPath);
    c.header('Cache-Control', 'no-store');
    if (!index) return c.text('The console is not built. Run `npm run build`.', 503);
    return sendCachedFile(c, index, 'text/html; charset=UTF-8');
  };
}

/**
 * For paths that are both a server endpoint and a console route (`/health` is the liveness probe
 * and the Health page): a browser navigation (Accept: text/html) gets the console, anything else
 * (probes, curl, fetch) gets the endpoint.
 */
export function consoleForBrowserNavigation(distDir: string): MiddlewareHandler<AppEnv> {
  const respond = indexResponder(distDir);
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
export function mountConsole(app: Hono<AppEnv>, distDir: string): void {
  const respond = indexResponder(distDir);
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
