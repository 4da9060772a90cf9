import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DOCUMENT_LIMITS, depthMessage, jsonDepth } from './bounded-json.js';
import type { AppEnv } from './request-context.js';

/** Body types read by form parsers (the identity flows), not as a document. */
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded|application\/octet-stream)\b/i;

/**
 * Refuses a request body larger than `maxBytes` (MC_MAX_BODY_BYTES) with a JSON 413 before any
 * handler reads it; a chunked body is counted as it streams and cut off at the limit.
 *
 * A body announced by Content-Length (and no Transfer-Encoding) is judged by that header alone, as
 * hono's bodyLimit judges it, without touching the web Request's `body`: @hono/node-server builds a
 * full Request with a web stream over the socket the first time `body` is read, and every later
 * `text()` then goes through it; untouched, `text()` reads the socket's chunks straight into one buffer
 * (an agent's push of 500 results is ~130 kB; issue 32 item 6). Node's HTTP parser never hands a
 * handler more than the announced length.
 */
export function limitRequestBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const onError = (c: Context<AppEnv>) =>
    c.json(
      { code: 'payload_too_large', message: `The request body is larger than the limit of ${maxBytes} bytes` },
      413,
    );
  const limit = bodyLimit({ maxSize: maxBytes, onError });
  return (c, next) => {
    // A GET or HEAD has no body (a web Request cannot carry one), so bodyLimit would pass it on.
    if (bodiless(c.req.method)) return next();
    const announced = announcedLength(c);
    if (announced === undefined) return limit(c, next);
    return announced > maxBytes ? Promise.resolve(onError(c)) : next();
  };
}

/** The body's length from Content-Length when that alone frames it (no Transfer-Encoding), else undefined. */
function announcedLength(c: Context<AppEnv>): number | undefined {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return undefined;
  return Number.parseInt(length, 10) || 0;
}

/**
 * Refuses a document body (JSON, YAML, text — anything but a form) nested deeper than the document
 * limit with a 400 before any handler parses it, so no route (zod validators, the data API's
 * JSON columns, JSON.stringify on the way to the database) ever recurses through a hostile one. The
 * text is read once; Hono keeps it for the handler's `c.req.json()` or `c.req.text()`.
 */
export function boundDocumentBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // An announced empty body is no document; asked by header, not by `body` (see limitRequestBody).
    if (bodiless(c.req.method) || announcedLength(c) === 0 || FORM_TYPES.test(c.req.header('content-type') ?? ''))
      return next();
    let text: string;
    try {
      text = await c.req.text();
    } catch {
      return c.json({ code: 'bad_request', message: 'The request body could not be read' }, 400);
    }
    if (jsonDepth(text, DOCUMENT_LIMITS.maxDepth) > DOCUMENT_LIMITS.maxDepth) {
      return c.json({ code: 'bad_request', message: depthMessage('request body', DOCUMENT_LIMITS.maxDepth) }, 400);
    }
    return next();
  };
}

/** GET and HEAD: the Fetch standard's Request never has a body for them (@hono/node-server drops any sent). */
function bodiless(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
