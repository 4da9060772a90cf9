import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { Context } from 'hono';
import type { DataAccessPolicy } from '../../platform/access.js';
import { documentResponse } from '../../platform/compress-json.js';
import { readJson } from '../../platform/http-helpers.js';
import { redact, redactText } from '../../platform/log-redaction.js';
import type { Logger } from '../../platform/logger.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import { artifactDownloadPath } from './artifact-download.js';
import type { CountSource } from './count-sources.js';
import { EXPOSED_TABLES, type ExposedTable } from './exposed-resources.js';
import { fromDatabaseError, PgrstError } from './pgrst-error.js';
import { searchResources } from './resource-search.js';
import { type RestRequest, RestService } from './rest.service.js';
import type { RestResponse } from './rest-response.js';
import { type CallRoute, runRoutedWrite } from './routed-write-handler.js';
import { ROUTED_TABLES } from './routed-writes.js';
import type { RowCheck, WriteHook } from './write-handler.js';

/** What the data API's routes need. */
export interface RestDeps {
  database: Database;
  logger: Logger;
  dataAccess?: DataAccessPolicy;
  /** Functions exposed on top of EXPOSED_FUNCTIONS; only the data API's own tests pass any. */
  extraFunctions?: readonly string[];
  /** Rules on written rows from the areas that own the tables (a spec matching its schema). */
  checkRow?: RowCheck;
  /** Replaces the allow-list; only the engine's conformance tests pass one (see schema-cache.ts). */
  exposedTables?: Readonly<Record<string, ExposedTable>>;
  /** Per table: the effect or rule its area applies to a write, in the write's transaction. */
  writeHooks?: Readonly<Record<string, WriteHook>>;
  /** Per table: exact totals its area keeps for some filters (count-sources.ts). */
  countSources?: Readonly<Record<string, CountSource>>;
}

function toResponse(out: RestResponse): Response {
  const init = { status: out.status, headers: out.headers };
  // a JSON page is handed to compressJson as its text (platform/compress-json.ts)
  return out.body === null ? new Response(null, init) : documentResponse(out.body, init);
}

/**
 * PostgREST's error body with its texts through the one redactor, as platform/error-handler.ts answers:
 * a database error echoes a filter value (`invalid input syntax for type uuid: "postgres://u:pw@…"`) or a
 * row (`Failing row contains (…)`, `Key (…)=(…)`), and a secret in them must not come back (issue 25).
 */
function errorResponse(error: PgrstError): Response {
  const { code, message, details, hint } = error.body;
  const body = {
    code,
    message: redactText(message),
    details: redact(details),
    hint: hint === null ? null : redactText(hint),
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...error.headers },
  });
}

function restRequest(c: Context<AppEnv>, name: string): RestRequest {
  const url = new URL(c.req.url);
  return {
    method: c.req.method,
    name,
    search: url.searchParams,
    header: (h) => c.req.header(h),
    body: () => c.req.text(),
    // c.get, not c.var: Hono builds c.var as a new object from every variable at each access
    actor: c.get('actor'),
    requestId: c.get('requestId'),
  };
}

const WRITES: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE']);

/**
 * Calls this server's own route with the request's credentials and origin (so its guards see the same
 * caller): a write to a table made by its route (routed-writes.ts) passes that route's rules exactly.
 */
function ownRoute(app: OpenAPIHono<AppEnv>, c: Context<AppEnv>): CallRoute {
  return async (call) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-length');
    headers.delete('prefer');
    if (call.body) headers.set('content-type', 'application/json');
    const url = new URL(call.path, c.req.url);
    const body = call.body ? JSON.stringify(call.body) : undefined;
    return app.request(url.toString(), { method: call.method, headers, body }, c.env);
  };
}

/**
 * Mounts the PostgREST-compatible data API: `/api/db/{table}` and `/api/db/rpc/{fn}`. Every error is
 * answered in PostgREST's `{code, message, details, hint}` shape; database errors are mapped to a 4xx.
 */
export function registerRestRoutes(app: OpenAPIHono<AppEnv>, deps: RestDeps): RestService {
  if (!deps.dataAccess) throw new Error('The data API needs an access policy (ModuleDeps.dataAccess)');
  const service = new RestService(
    deps.database,
    deps.dataAccess,
    deps.extraFunctions,
    deps.checkRow,
    deps.writeHooks,
    deps.exposedTables,
    deps.countSources,
  );
  const exposed = deps.exposedTables ?? EXPOSED_TABLES;
  const run = async (c: Context<AppEnv>, handle: (req: RestRequest) => Promise<RestResponse>, name: string) => {
    try {
      return toResponse(await handle(restRequest(c, name)));
    } catch (error) {
      try {
        return errorResponse(fromDatabaseError(error));
      } catch (unexpected) {
        c.var.log?.error('data API failure', { error: unexpected });
        return errorResponse(new PgrstError(500, 'PGRSTX00', 'Internal server error'));
      }
    }
  };
  // 001 §7 resource search: each kind read through the data API as the caller (its permission applies).
  app.post('/api/resources/search', requireSignIn(), async (c) =>
    c.json(await searchResources(service, await readJson(c), c.var.actor, c.var.requestId)),
  );
  // the upstream console's artifact download: redirected to the run's or the check's download route
  app.get('/api/artifacts/download/:id', requireSignIn(), async (c) =>
    c.redirect(
      await artifactDownloadPath(service, deps.database, c.req.param('id'), c.var.actor, c.var.requestId),
      303,
    ),
  );
  app.all('/api/db/rpc/:fn', (c) => run(c, (req) => service.handleRpc(req), c.req.param('fn')));
  app.all('/api/db/:table', (c) => {
    const table = c.req.param('table');
    // a table the allow-list lets the engine write (the engine's own tests) is never routed
    const routed = WRITES.has(c.req.method) && exposed[table]?.writable === false ? ROUTED_TABLES[table] : undefined;
    if (!routed) return run(c, (req) => service.handleTable(req), table);
    return run(c, (req) => runRoutedWrite(service, req, routed, ownRoute(app, c)), table);
  });
  const invalidPath = () => errorResponse(new PgrstError(404, 'PGRST125', 'Invalid path specified in request URL'));
  app.all('/api/db', invalidPath);
  app.all('/api/db/*', invalidPath);
  return service;
}
