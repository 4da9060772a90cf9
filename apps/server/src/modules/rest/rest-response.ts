import type { AcceptChoice } from './request-options.js';

/** What a data-API handler answers, before Hono turns it into a Response. */
export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** Content-Type of a successful answer. */
export function contentType(accept: AcceptChoice): string {
  if (accept.csv) return 'text/csv; charset=utf-8';
  return accept.single ? 'application/vnd.pgrst.object+json; charset=utf-8' : 'application/json; charset=utf-8';
}

/** PostgREST's `Content-Range` value: `lower-upper/total`, `*` for an empty page or an unknown total. */
export function contentRange(lower: number, pageCount: number, total: number | undefined): string {
  const upper = lower + pageCount - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** PostgREST's status for a read: 200 whole set (or no count), 206 partial, 416 past the end. */
export function rangeStatus(lower: number, pageCount: number, total: number | undefined): number {
  if (total === undefined) return 200;
  if (lower > total) return 416;
  if (pageCount < total) return 206;
  return 200;
}

/** Takes the single element out of a one-element JSON array text produced by json_agg. */
export function unwrapSingle(arrayText: string): string {
  return arrayText.slice(1, -1).trim();
}
