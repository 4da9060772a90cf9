import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DOCUMENT_LIMITS, depthMessage, jsonDepth } from './bounded-json.js';
import type { AppEnv } from './request-context.js';

/** Body types read by form parsers (the identity flows), not as a document. */
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded|application\/octet-stream)\b/i;

/**
 * Refuses a request body larger than `maxBytes` (MC_MAX_BODY_BYTES) with a JSON 413 before any
 * handler reads it; a chunked body is counted as it streams and cut off at the limit.
 */
export function limitRequestBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(
        { code: 'payload_too_large', message: `The request body is larger than the limit of ${maxBytes} bytes` },
        413,
      ),
  });
  // A GET or HEAD has no body (a web Request cannot carry one), so bodyLimit would pass it on; asking for
  // the body first would build @hono/node-server's full Request, stream and abort signal to find none.
  return (c, next) => (bodiless(c.req.method) ? next() : limit(c, next));
}

/** GET and HEAD: the Fetch standard's Request never has a body for them (@hono/node-server drops any sent). */
function bodiless(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Refuses a document body (JSON, YAML, text — anything but a form) nested deeper than the document
 * limit with a 400 before any handler parses it, so no route (zod validators, the data API's
 * JSON columns, JSON.stringify on the way to the database) ever recurses through a hostile one. The
 * text is read once; Hono keeps it for the handler's `c.req.json()` or `c.req.text()`.
 */
export function boundDocumentBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (bodiless(c.req.method) || !c.req.raw.body || FORM_TYPES.test(c.req.header('content-type') ?? '')) return next();
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
