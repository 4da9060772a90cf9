import type { OpenAPIHono } from '@hono/zod-openapi';
import { apiSignIn, buildUser } from '../modules/auth/testing/auth-factory.js';
import type { AppEnv } from '../platform/request-context.js';
import type { TestApp } from './test-app.js';

/**
 * One API request as a signed-in caller (`token`) or an anonymous one (`null`), so route tests don't
 * each rebuild the same headers. A string body is sent as it is (to prove unreadable JSON is a 400);
 * anything else is sent as JSON. `headers` adds to the defaults (e.g. `prefer` for the data API).
 */
export function apiCall(
  app: OpenAPIHono<AppEnv>,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A fresh person (see `buildUser` for the options) already signed in through the API, with the token. */
export async function signedInUser(
  t: Pick<TestApp, 'app' | 'database'>,
  options: Parameters<typeof buildUser>[1] = {},
): Promise<{ id: string; email: string; password: string; token: string }> {
  const user = await buildUser(t.database, options);
  return { ...user, token: await apiSignIn(t.app, user.email, user.password) };
}
