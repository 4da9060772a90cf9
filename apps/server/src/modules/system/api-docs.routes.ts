import type { OpenAPIHono } from '@hono/zod-openapi';
import { apiDocumentSchema } from '@mc/contracts';
import { apiDocumentOf } from '../../platform/openapi/api-document.js';
import { documentRoutes, type RouteDoc } from '../../platform/openapi/route-docs.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import { METRICS_PATH } from './metrics.routes.js';

/** Path of the API document. */
export const API_DOCUMENT_PATH = '/api/openapi.json';

/** One tag of the API document: a module's routes as its `<domain>.openapi.ts` lists them. */
export interface ApiDocsTag {
  tag: string;
  routes: readonly RouteDoc[];
}

/**
 * Documents every module's routes (each module lists its own in `<domain>.openapi.ts`, with the zod
 * schemas it validates with; the composition root hands them over in `tags`) and serves the OpenAPI 3.1
 * document to signed-in callers. The document is built on the first request, when every router is
 * mounted, and kept: routes do not change while the process runs.
 */
export function registerApiDocsRoutes(app: OpenAPIHono<AppEnv>, version: string, tags: readonly ApiDocsTag[]): void {
  for (const { tag, routes } of tags) documentRoutes(app, tag, routes);
  documentRoutes(app, 'system', [
    {
      method: 'get',
      path: METRICS_PATH,
      summary: 'Prometheus metrics (text exposition); also served without sign-in on MC_METRICS_ADDRESS',
    },
    {
      method: 'get',
      path: API_DOCUMENT_PATH,
      summary: 'This OpenAPI 3.1 document',
      response: apiDocumentSchema,
    },
  ]);
  let document: ReturnType<typeof apiDocumentOf> | undefined;
  app.get(API_DOCUMENT_PATH, requireSignIn(), (c) => {
    document ??= apiDocumentOf(app, { title: 'Mission Control', version });
    return c.json(document);
  });
}
