import { PgrstError } from './pgrst-error.js';
import { parsePrefer } from './request-options.js';
import type { RestRequest, RestService } from './rest.service.js';
import type { RestResponse } from './rest-response.js';
import { type RouteCall, type RoutedTable, routeCallOf, routedRowId } from './routed-writes.js';
import type { JsonRecord } from './write-body.js';

/** Calls one of the server's own routes with the original request's credentials (see routed-writes.ts). */
export type CallRoute = (call: RouteCall) => Promise<Response>;

/**
 * A GET of `table` as the caller, through the data API's own read (its permission, scopes and embeds),
 * keeping of the write's headers only those that choose the representation (`Accept`, its profile).
 */
function readAs(req: RestRequest, search: URLSearchParams, keep: readonly string[]): RestRequest {
  const header = (name: string) => (keep.includes(name.toLowerCase()) ? req.header(name) : undefined);
  return { ...req, method: 'GET', search, header, body: async () => '' };
}

async function storedRow(service: RestService, req: RestRequest, id: string): Promise<JsonRecord | undefined> {
  const out = await service.handleTable(readAs(req, new URLSearchParams({ id: `eq.${id}` }), []));
  const rows = JSON.parse(out.body ?? '[]') as JsonRecord[];
  return rows[0];
}

/**
 * The route's refusal in PostgREST's error shape, with the route's status and message: 401/403 as a
 * privilege error (42501), anything else as a raised exception (P0001), the way upstream's database
 * rules answer.
 */
async function routeError(res: Response): Promise<PgrstError> {
  let message = `The route answered ${res.status}`;
  let details: unknown = null;
  try {
    const body = (await res.json()) as { message?: string; details?: unknown };
    if (body.message) message = body.message;
    details = body.details ?? null;
  } catch {
    // not JSON: keep the status in words
  }
  const code = res.status === 401 || res.status === 403 ? '42501' : 'P0001';
  return new PgrstError(res.status, code, message, details);
}

/** The representation of the written row, read back as the caller with the request's `select`. */
async function representation(
  service: RestService,
  req: RestRequest,
  id: string,
  removes: boolean,
): Promise<RestResponse> {
  const search = new URLSearchParams({ id: `eq.${id}` });
  const select = req.search.get('select');
  if (select) search.set('select', select);
  if (removes) search.set('deleted_at', 'not.is.null');
  return service.handleTable(readAs(req, search, ['accept', 'accept-profile']));
}

/**
 * A POST, PATCH or DELETE of a table written by its route: the call is checked against the route's
 * fields (routed-writes.ts), made through the route, and answered as PostgREST answers a write (201 or
 * 200 with the row under `Prefer: return=representation`, else 201 or 204 with no body).
 */
export async function runRoutedWrite(
  service: RestService,
  req: RestRequest,
  spec: RoutedTable,
  callRoute: CallRoute,
): Promise<RestResponse> {
  const method = req.method as 'POST' | 'PATCH' | 'DELETE';
  const id = routedRowId(req.name, method, req.search);
  const stored = method === 'PATCH' && id !== undefined ? await storedRow(service, req, id) : undefined;
  const caller = req.actor.kind === 'person' ? req.actor.id : null;
  const call = routeCallOf(req.name, spec, method, id, method === 'DELETE' ? '' : await req.body(), stored, caller);
  let rowId = id;
  const res = await callRoute(call);
  if (!res.ok) throw await routeError(res);
  if (call.method === 'POST') rowId = String(((await res.json()) as { id?: unknown }).id ?? '');
  const status = method === 'POST' ? 201 : 200;
  if (parsePrefer(req.header('prefer')).return !== 'representation' || rowId === undefined) {
    return { status: method === 'POST' ? 201 : 204, headers: {}, body: null };
  }
  const out = await representation(service, req, rowId, call.removes);
  return { ...out, status };
}
