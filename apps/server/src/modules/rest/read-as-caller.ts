import { AppError, type ErrorCode } from '../../platform/errors.js';
import { fromDatabaseError } from './pgrst-error.js';
import type { RestRequest, RestService } from './rest.service.js';
import type { RestResponse } from './rest-response.js';

const CODES: Readonly<Record<number, ErrorCode>> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

/**
 * One data-API read made by a route of its own on the caller's behalf, so the kind's permission, deny
 * rows and row scopes apply exactly as on `/api/db`; a refusal or error is answered as the route's
 * error of the same status (AppError's JSON shape, not PostgREST's).
 */
export async function readAsCaller(rest: RestService, req: RestRequest): Promise<RestResponse> {
  try {
    return await rest.handleTable(req);
  } catch (error) {
    const pgrst = fromDatabaseError(error);
    throw new AppError(CODES[pgrst.status] ?? 'bad_request', pgrst.message);
  }
}
