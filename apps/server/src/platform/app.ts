import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import { secureHeaders } from 'hono/secure-headers';
import { compressJson } from './compress-json.js';
import type { Config } from './config.js';
import { csrfGuard } from './csrf-guard.js';
import { handleError } from './error-handler.js';
import type { Logger } from './logger.js';
import { httpMetrics } from './metrics/http-metrics.js';
import { boundDocumentBodies, limitRequestBody } from './request-bounds.js';
import type { AppEnv } from './request-context.js';
import { consoleForBrowserNavigation, mountConsole, openConsoleIndex } from './static-console.js';
import { httpTracing } from './tracing/http-tracing.js';

/** What the HTTP app needs from the process that hosts it. */
export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  version: string;
  /** Built console folder; absent in API-only tests. */
  webDist?: string;
  /** Adds the product's routers; called after the platform middleware and before the fallbacks. */
  registerModules?: (app: OpenAPIHono<AppEnv>) => void;
}

/** Builds the HTTP application: platform middleware, module routes, console and fallbacks. */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  const consoleIndex = deps.webDist ? openConsoleIndex(deps.webDist) : undefined;
  app.use('*', httpTracing());
  app.use('*', httpMetrics());
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // the console page's own inline scripts, by hash (static-console.ts); nothing else inline
        scriptSrc: consoleIndex ? ["'self'", () => consoleIndex.scriptSources()] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
      strictTransportSecurity: false,
    }),
  );
  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('actor', { kind: 'anonymous' });
    c.set('log', deps.logger.child({ requestId }));
    c.header('X-Request-Id', requestId);
    // the request's URL is absolute and its scheme lower case: no parse needed to read it
    if (c.req.url.startsWith('https:') || c.req.header('x-forwarded-proto') === 'https') {
      c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    await next();
  });
  app.use('*', compressJson());
  app.use('*', limitRequestBody(deps.config.MC_MAX_BODY_BYTES));
  app.use('/api/*', csrfGuard(deps.config, ['/api/.ory/']));
  app.use('*', boundDocumentBodies());
  app.onError(handleError);

  if (consoleIndex) app.use('/health', consoleForBrowserNavigation(consoleIndex));
  deps.registerModules?.(app);

  app.all('/api/*', (c) =>
    c.json({ code: 'not_found', message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404),
  );
  if (deps.webDist && consoleIndex) mountConsole(app, deps.webDist, consoleIndex);
  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  return app;
}
