import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../request-context.js';
import { guardPermission } from '../route-permission.js';

/** The methods an `app.all` route stands for in the document. */
const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/** A router path (`/api/incidents/:id`, `/api/properties/:name{.+}`) as an OpenAPI path (`/api/incidents/{id}`). */
export function openApiPath(routerPath: string): string {
  return routerPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

type Operation = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of the app: every registered route's schemas, and on each operation an
 * `x-permission` read from the guard that enforces it (a route without a described guard keeps the
 * permission its documentation states). Built once, after every router is mounted.
 */
export function apiDocumentOf(app: OpenAPIHono<AppEnv>, info: { title: string; version: string }) {
  const document = app.getOpenAPI31Document({ openapi: '3.1.0', info });
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation | undefined>>; // operations are objects
  for (const route of app.routes) {
    const permission = guardPermission(route.handler);
    const item = permission && paths[openApiPath(route.path)];
    if (!item) continue;
    const methods = route.method === 'ALL' ? ALL_METHODS : [route.method.toLowerCase()];
    for (const method of methods) {
      const operation = item[method];
      if (operation) operation['x-permission'] = permission;
    }
  }
  return document;
}
