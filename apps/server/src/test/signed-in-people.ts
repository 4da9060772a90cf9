import { signedInUser } from './signed-in-api.js';
import type { TestApp } from './test-app.js';

/** A JSON answer as tests read it: field by field, each asserted. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are untyped JSON that the assertions check
export type TestBody = any;

/** A response whose JSON body the test reads without declaring its whole shape. */
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<TestBody> };

/** People a kit signed in, and requests sent as one of them. */
export interface SignedInPeople {
  /**
   * A new person with `roles` (none: `[]`), signed in through the API login flow; answers their id, which
   * requests and assertions name. `name` is their display name (default `Person <n>`).
   */
  person(roles: string[], name?: string): Promise<string>;
  /** The session token of a person made by {@link SignedInPeople.person}. */
  tokenOf(personId: string): string;
  /**
   * A request as `personId` with their session token (anonymous when null); a string body is sent as it
   * is (to prove unreadable bodies are refused), anything else as JSON; `type` is the content type.
   */
  call(personId: string | null, method: string, path: string, body?: unknown, type?: string): Promise<TestResponse>;
}

/**
 * Identifies a test's callers the way the product does: each person has an identity and a password, signs
 * in through the identity flow of `t` (an app from createTestApp, so the real authentication, roles and
 * data access policy), and every request carries that session's token.
 */
export function signedInPeople(t: Pick<TestApp, 'app' | 'database'>, emailPrefix = 'person'): SignedInPeople {
  const tokens = new Map<string, string>();
  let n = 0;
  const tokenOf = (personId: string) => {
    const token = tokens.get(personId);
    if (!token) throw new Error(`${personId} was not signed in by this kit`);
    return token;
  };
  return {
    async person(roles, name) {
      n += 1;
      const email = `${emailPrefix}-${n}-${Date.now()}@example.com`;
      const user = await signedInUser(t, { roles, email, first: name ?? `Person ${n}`, last: '' });
      tokens.set(user.id, user.token);
      return user.id;
    },
    tokenOf,
    call: async (personId, method, path, body, type = 'application/json') =>
      t.app.request(path, {
        method,
        headers: {
          'content-type': type,
          ...(personId ? { authorization: `Bearer ${tokenOf(personId)}` } : {}),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}
