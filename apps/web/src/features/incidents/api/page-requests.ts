import type { EarlyRequest } from '../../../lib/api/request-parts';
import { listParams } from '../components/list-params';

/**
 * The calls of the incidents page, without React: its list query (get-incidents.ts) makes them, and the boot
 * script (src/boot.ts) asks for them before the console has loaded.
 */

/** GET /api/incidents with the list's URL parameters (filters, time range, paging, sorting). */
export function incidentListRequest(params: Record<string, string>): EarlyRequest {
  return { path: '/api/incidents', options: { query: params } };
}

/**
 * What /incidents asks for first: its list as the address names it — not with a time range in the address,
 * whose bounds are resolved against the clock, so the page's own call (a moment later) would name other bounds.
 */
export function incidentsPageRequests(search: string): EarlyRequest[] {
  const params = new URLSearchParams(search);
  return params.has('rangeType') ? [] : [incidentListRequest(listParams(params, undefined))];
}
