import type { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import type { Config } from '../../platform/config.js';
import type { AppEnv } from '../../platform/request-context.js';

/**
 * Direct mode (spec 000 §7): the console, served by the organisation service, calls this backend itself
 * with a bearer token. Only the origins in MC_ORG_CONSOLE_ORIGINS may. The console sends its calls with
 * credentials, so the answer allows them; a bearer token outranks any cookie (org-token-verifier.ts).
 */
export function registerOrgBackendCors(app: OpenAPIHono<AppEnv>, config: Config): void {
  const origins = (config.MC_ORG_CONSOLE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (!config.MC_ORG_SERVICE_URL || origins.length === 0) return;
  app.use(
    '/api/*',
    cors({
      origin: origins,
      allowHeaders: ['authorization', 'content-type', 'accept', 'prefer', 'range', 'accept-profile', 'content-profile'],
      allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
      exposeHeaders: ['content-range'],
      credentials: true,
      maxAge: 600,
    }),
  );
}
