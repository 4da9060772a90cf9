import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './request-context.js';

/**
 * Serves the built console: files from `distDir`, and index.html for any other non-API path so
 * the console's router handles it. Hashed assets are cached for a year; index.html never is.
 */
export function mountConsole(app: Hono<AppEnv>, distDir: string): void {
  const indexPath = join(distDir, 'index.html');
  const readIndex = () => (existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined);
  let index = readIndex();
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root: distDir, index: '' }));
  app.get('*', (c) => {
    index ??= readIndex();
    c.header('Cache-Control', 'no-store');
    if (!index) return c.text('The console is not built. Run `npm run build`.', 503);
    return c.html(index);
  });
}
