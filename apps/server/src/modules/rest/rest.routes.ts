import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { Context } from 'hono';
import type { DataAccessPolicy } from '../../platform/access.js';
import { redact, redactText } from '../../platform/log-redaction.js';
import type { Logger } from '../../platform/logger.js';
import type { AppEnv } from '../../platform/request-context.js';
import type { ExposedTable } from './exposed-resources.js';
import { fromDatabaseError, PgrstError } from './pgrst-error.js';
import { type RestRequest, RestService } from './rest.service.js';
import type { RestResponse } from './rest-response.js';
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
}

function toResponse(out: RestResponse): Response {
  return new Response(out.body, { status: out.status, headers: out.headers });
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
    actor: c.var.actor,
    requestId: c.var.requestId,
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
  );
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
  app.all('/api/db/rpc/:fn', (c) => run(c, (req) => service.handleRpc(req), c.req.param('fn')));
  app.all('/api/db/:table', (c) => run(c, (req) => service.handleTable(req), c.req.param('table')));
  const invalidPath = () => errorResponse(new PgrstError(404, 'PGRST125', 'Invalid path specified in request URL'));
  app.all('/api/db', invalidPath);
  app.all('/api/db/*', invalidPath);
  return service;
}
