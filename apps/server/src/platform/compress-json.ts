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

/**
 * The text of answers made by {@link documentResponse}, so this middleware reads a finished document as
 * the string it was made from: reading the body of @hono/node-server's lightweight Response builds the
 * full web Response, its stream and its abort machinery only to drain them again (~15% of a data-API
 * page's CPU, issue 32 item 1).
 */
const documentTexts = new WeakMap<Response, string>();

/**
 * A finished JSON document answer (the data API's): the same Response as `new Response(text, init)`, whose
 * text this middleware reads back without materialising the body. A Response made from it (another
 * middleware replacing the answer) is an ordinary one and is read from its stream as before.
 */
export function documentResponse(text: string, init: { status: number; headers: Record<string, string> }): Response {
  const res = new Response(text, init);
  documentTexts.set(res, text);
  return res;
}

/** Whether the answer is a JSON document this middleware may re-encode. */
function isCandidate(c: Context<AppEnv>, res: Response, text: string | undefined): boolean {
  if (c.req.method === 'HEAD') return false;
  if (res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return false;
  if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return false;
  if (res.headers.has('Content-Encoding')) return false;
  if (/(^|,)\s*(no-transform|no-store)\s*(,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return false;
  // last: asking a lightweight Response for its body builds the full one
  return text !== undefined || res.body !== null;
}

/** Replaces the answer without Hono merging the old headers (and a stale Content-Length) back in. */
function replaceResponse(
  c: Context<AppEnv>,
  body: Response['body'] | Uint8Array | string,
  from: Response,
  headers: Headers,
  text: string | undefined,
): void {
  c.res = undefined;
  // a document's answer has no status text (documentResponse), and asking would build the full Response
  const statusText = text === undefined ? from.statusText : undefined;
  c.res = new Response(body, { status: from.status, statusText, headers });
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
    const text = documentTexts.get(res);
    if (!isCandidate(c, res, text)) return;
    const declared = res.headers.get('Content-Length');
    if (declared !== null && Number(declared) < COMPRESS_MIN_BYTES) return;
    const headers = new Headers(res.headers);
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'));
    // The body is read whole either way: handing on its stream instead costs the server a chunked
    // write per answer (a third of the data API's per-request time without Accept-Encoding).
    if (text !== undefined && !coding) {
      // sent as it is: the text itself, its UTF-8 length declared
      headers.set('Content-Length', String(Buffer.byteLength(text)));
      varyOnAcceptEncoding(headers);
      return replaceResponse(c, text, res, headers, text);
    }
    const bytes = text !== undefined ? Buffer.from(text) : new Uint8Array(await res.arrayBuffer());
    headers.set('Content-Length', String(bytes.byteLength));
    if (!coding) {
      varyOnAcceptEncoding(headers);
      return replaceResponse(c, bytes, res, headers, text);
    }
    if (bytes.byteLength < COMPRESS_MIN_BYTES) return replaceResponse(c, bytes, res, headers, text);
    varyOnAcceptEncoding(headers);
    const encoded = await encode(bytes, coding);
    headers.set('Content-Encoding', coding);
    headers.set('Content-Length', String(encoded.byteLength));
    const etag = headers.get('ETag');
    // a strong validator names exact bytes; the encoded bytes differ, so it becomes weak
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replaceResponse(c, encoded, res, headers, text);
  };
}
