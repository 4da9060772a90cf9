import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { type ContentCoding, negotiateEncoding, varyOnAcceptEncoding } from './accept-encoding.js';
import type { AppEnv } from './request-context.js';

/** JSON answers shorter than this go as they are: the coding's framing would eat most of the gain. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli quality for answers compressed per request, measured on the 1,000-check health summary
 * (729 KiB of JSON, docs/web.md): 4 sends 26.7 KiB for 2.4 ms of CPU, smaller and cheaper than gzip 6
 * (29.0 KiB, 3.3 ms); 5 saves 18% more for 1.7× the CPU on every poll of the dashboard.
 */
export const JSON_BROTLI_QUALITY = 4;
/** gzip level for clients that do not accept brotli. */
export const JSON_GZIP_LEVEL = 6;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** application/json and the `+json` types (PostgREST's vnd.pgrst.object+json, problem+json). */
const JSON_TYPE = /^\s*application\/(?:[^;\s]*\+)?json\s*(?:;|$)/i;

/** Compresses on the zlib thread pool, so a multi-megabyte answer never holds the event loop. */
function encode(bytes: Uint8Array, coding: ContentCoding): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(bytes, { level: JSON_GZIP_LEVEL });
  return brotliAsync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
}

/** Whether the answer is a JSON document this middleware may re-encode. */
function isCandidate(c: Context<AppEnv>, res: Response): boolean {
  if (c.req.method === 'HEAD' || !res.body) return false;
  if (res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return false;
  if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return false;
  if (res.headers.has('Content-Encoding')) return false;
  return !/(^|,)\s*(no-transform|no-store)\s*(,|$)/i.test(res.headers.get('Cache-Control') ?? '');
}

/** Replaces the answer without Hono merging the old headers (and a stale Content-Length) back in. */
function replaceResponse(
  c: Context<AppEnv>,
  body: Response['body'] | Uint8Array,
  from: Response,
  headers: Headers,
): void {
  c.res = undefined;
  c.res = new Response(body, { status: from.status, statusText: from.statusText, headers });
}

/**
 * Compresses JSON answers of at least {@link COMPRESS_MIN_BYTES} with brotli or gzip, whichever the
 * client's Accept-Encoding prefers (br on a tie), and marks them `Vary: Accept-Encoding`. The health
 * summary shrinks ~27× this way. Left untouched: other types — server-sent events, NDJSON and other
 * streams of unknown length, the console's files (precompressed at build, see static-console.ts) — HEAD,
 * 204/206/304, answers that already carry a Content-Encoding or `Cache-Control: no-transform` (the
 * opt-out for a route that streams a long JSON document), and `no-store` answers — the identity
 * provider's (sign-in flows with their CSRF token, session and API tokens, who-am-I): compressing a
 * secret beside input the caller chose lets an observer of encrypted lengths guess it (BREACH). A
 * JSON body is a finished document, read whole before it is encoded.
 */
export function compressJson(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isCandidate(c, res)) return;
    const declared = res.headers.get('Content-Length');
    if (declared !== null && Number(declared) < COMPRESS_MIN_BYTES) return;
    const headers = new Headers(res.headers);
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'));
    // The body is read whole either way: handing on its stream instead costs the server a chunked
    // write per answer (a third of the data API's per-request time without Accept-Encoding).
    const bytes = new Uint8Array(await res.arrayBuffer());
    headers.set('Content-Length', String(bytes.byteLength));
    if (!coding) {
      varyOnAcceptEncoding(headers);
      return replaceResponse(c, bytes, res, headers);
    }
    if (bytes.byteLength < COMPRESS_MIN_BYTES) return replaceResponse(c, bytes, res, headers);
    varyOnAcceptEncoding(headers);
    const encoded = await encode(bytes, coding);
    headers.set('Content-Encoding', coding);
    headers.set('Content-Length', String(encoded.byteLength));
    const etag = headers.get('ETag');
    // a strong validator names exact bytes; the encoded bytes differ, so it becomes weak
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replaceResponse(c, encoded, res, headers);
  };
}
