import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { ZodObject, ZodType } from 'zod';
import type { AppEnv } from '../request-context.js';
import type { RoutePermission } from '../route-permission.js';

/**
 * The JSON error every route answers with (`platform/error-handler.ts`). Built with the `z` of
 * `@hono/zod-openapi`, whose import extends zod with `.openapi()` first: the schema is registered as a
 * named component, even when this file loads before anything else imports `@hono/zod-openapi`.
 */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});

/**
 * One route as the API document describes it, with the same zod schemas the route or its service
 * validates with. Paths use OpenAPI's `{name}` parameters.
 */
export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  /** Path parameters; by default each `{name}` of the path is a string. */
  params?: ZodObject;
  query?: ZodObject;
  /** The JSON request body. */
  body?: ZodType;
  /** True when the body may be left out. */
  bodyOptional?: boolean;
  /** Request bodies by content type, when not (only) JSON: a YAML document, a form. */
  bodyContent?: Record<string, ZodType>;
  /** The JSON answer on success. */
  response?: ZodType;
  /** Success status: 200 by default. */
  status?: 200 | 201 | 204 | 303;
  /** Further error statuses the route answers (409 conflict, 413 too large…). */
  errors?: readonly number[];
  /** Further answers whose body is not the JSON error (a 503 liveness report), by status. */
  answers?: Readonly<Record<number, { description: string; body: ZodType }>>;
  /** Only for routes whose guard is not a described one (see `describeGuard`): what it requires. */
  permission?: RoutePermission;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input; the message names the problem',
  401: 'No session or API token',
  403: 'The caller’s role or permission rows do not allow it',
  404: 'No such record',
  409: 'Conflicts with the stored state',
  410: 'Expired',
  413: 'The body is too large',
  422: 'The browser must go elsewhere (Kratos flows)',
  429: 'Too many attempts',
  502: 'A remote system the request needed failed; the message is its own',
  504: 'An agent the request needed is offline or did not answer in time',
};

function pathParams(path: string): ZodObject | undefined {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string); // the group always matches
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

function errorStatuses(route: RouteDoc): number[] {
  const statuses = new Set<number>(route.errors ?? []);
  if (route.body || route.bodyContent || route.query || route.path.includes('{')) statuses.add(400);
  if (!route.permission || !('public' in route.permission)) {
    statuses.add(401);
    statuses.add(403);
  }
  if (route.path.includes('{')) statuses.add(404);
  return [...statuses].sort();
}

const errorComponents = new WeakMap<OpenAPIHono<AppEnv>, ZodType>();

/** The error schema as one named component of the app's document (`#/components/schemas/Error`). */
function errorComponent(app: OpenAPIHono<AppEnv>): ZodType {
  let schema = errorComponents.get(app);
  if (!schema) {
    schema = app.openAPIRegistry.register('Error', errorBodySchema);
    errorComponents.set(app, schema);
  }
  return schema;
}

/** Registers `routes` in the app's API document under `tag`. */
export function documentRoutes(app: OpenAPIHono<AppEnv>, tag: string, routes: readonly RouteDoc[]): void {
  const error = errorComponent(app);
  for (const route of routes) {
    const content = {
      ...(route.body ? { 'application/json': { schema: route.body } } : {}),
      ...Object.fromEntries(Object.entries(route.bodyContent ?? {}).map(([type, schema]) => [type, { schema }])),
    };
    const params = route.params ?? pathParams(route.path);
    const status = route.status ?? 200;
    app.openAPIRegistry.registerPath({
      method: route.method,
      path: route.path,
      summary: route.summary,
      tags: [tag],
      ...(route.permission ? { 'x-permission': route.permission } : {}),
      request: {
        ...(params ? { params } : {}),
        ...(route.query ? { query: route.query } : {}),
        ...(Object.keys(content).length > 0 ? { body: { content, required: !route.bodyOptional } } : {}),
      },
      responses: {
        [status]: {
          description: status === 204 ? 'Done; no body' : status === 303 ? 'Redirect' : 'Success',
          ...(route.response ? { content: { 'application/json': { schema: route.response } } } : {}),
        },
        ...Object.fromEntries(
          errorStatuses(route).map((code) => [
            code,
            {
              description: ERROR_TEXT[code] ?? 'Error',
              content: { 'application/json': { schema: error } },
            },
          ]),
        ),
        ...Object.fromEntries(
          Object.entries(route.answers ?? {}).map(([code, { description, body }]) => [
            code,
            { description, content: { 'application/json': { schema: body } } },
          ]),
        ),
      },
    });
  }
}
