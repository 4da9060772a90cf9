import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './request-context.js';

/** Reads index.html lazily (the console may be built after the server starts) and serves it uncached. */
function indexResponder(distDir: string): (c: Context<AppEnv>) => Response {
  const indexPath = join(distDir, 'index.html');
  const readIndex = () => (existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined);
  let index = readIndex();
  return (c) => {
    index ??= readIndex();
    c.header('Cache-Control', 'no-store');
    if (!index) return c.text('The console is not built. Run `npm run build`.', 503);
    return c.html(index);
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
 * Serves the built console: files from `distDir`, and index.html for any other non-API path so
 * the console's router handles it. Hashed assets are cached for a year; index.html never is.
 */
export function mountConsole(app: Hono<AppEnv>, distDir: string): void {
  const respond = indexResponder(distDir);
  const files = serveStatic<AppEnv>({ root: distDir, index: '' });
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Folder paths (`/`, `/catalog/`) are console routes, never files to stream.
  app.use('*', (c, next) => (c.req.path.endsWith('/') ? next() : files(c, next)));
  app.get('*', respond);
}
