import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import type { ZodType, z } from 'zod';
import type { AppEnv } from '../../platform/request-context.js';

const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/** Whether the request carries a non-empty body. */
async function hasBody(raw: Request): Promise<boolean> {
  const body = raw.clone().body;
  if (body === null) return false;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      if (value.byteLength > 0) return true;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** A body of another media type than JSON (or one without a content type) is refused with 415. */
export const onlyJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  const contentType = c.req.header('content-type');
  if (contentType ? !JSON_REQUEST.test(contentType) : await hasBody(c.req.raw))
    throw new HTTPException(415, { message: 'Unsupported Media Type' });
  await next();
};

/**
 * The required JSON body of the invitation and recovery-link routes, validated with `schema` (after
 * {@link onlyJson}): malformed JSON is a 400, and so is a body the schema refuses, with its first problem
 * as the message. The handler reads `c.req.valid('json')`.
 */
export function jsonBody<S extends ZodType>(schema: S) {
  return validator('json', async (value, c) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success)
      return c.json({ code: 'bad_request', message: result.error.issues[0]?.message ?? 'Bad request' }, 400);
    return result.data as z.output<S>;
  });
}
