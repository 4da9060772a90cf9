import type { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import type { Config } from '../../platform/config.js';
import type { AppEnv } from '../../platform/request-context.js';

/**
 * Direct mode (spec 000 §7): the console, served by the organisation service, calls this backend itself
 * with a bearer token. Only the origins in MC_ORG_CONSOLE_ORIGINS may; no cookies cross (credentials off),
 * so the bearer token is the only credential such a call carries.
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
      maxAge: 600,
    }),
  );
}
