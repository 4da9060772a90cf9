import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { AppEnv } from '../../../platform/request-context.js';
import { assignRoles } from '../../rbac/index.js';
import { insertIdentity, insertPerson, upsertCredential } from '../identity.repo.js';
import { hashPassword } from '../password.js';

let counter = 0;

/** A person with an identity, a password and roles, straight in the database (test factory). */
export async function buildUser(
  database: Database,
  options: { email?: string; password?: string; roles?: string[]; first?: string; last?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  counter += 1;
  const email = (options.email ?? `user${counter}-${Date.now()}@example.com`).toLowerCase();
  const password = options.password ?? 'correct horse battery staple';
  const traits = { email, name: { first: options.first ?? 'Test', last: options.last ?? `User ${counter}` } };
  const hashed = await hashPassword(password);
  const id = await database.db.transaction().execute(async (trx) => {
    const personId = await insertPerson(trx, traits);
    await insertIdentity(trx, personId, traits, true);
    await upsertCredential(trx, personId, 'password', { hashed_password: hashed }, [email]);
    await assignRoles(trx, personId, options.roles ?? ['viewer']);
    return personId;
  });
  return { id, email, password };
}

/** Signs in through the api login flow and returns the session token. */
export async function apiSignIn(app: OpenAPIHono<AppEnv>, email: string, password: string): Promise<string> {
  const flow = (await (await app.request('/api/.ory/self-service/login/api')).json()) as { id: string };
  const response = await app.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', identifier: email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { session_token: string }).session_token;
}

/** A minimal cookie jar for browser-flow tests driven through `app.request`. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the Set-Cookie headers of a response (deletions remove the cookie). */
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = (pair ?? '').indexOf('=');
      const name = (pair ?? '').slice(0, index);
      const value = (pair ?? '').slice(index + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A browser driving JSON (SPA-style) requests with cookies through `app.request`. */
export function browser(app: OpenAPIHono<AppEnv>, jar = new CookieJar()) {
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (jar.header()) headers.set('cookie', jar.header());
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return jar.take(await app.request(path, { ...init, headers }));
  };
  return {
    jar,
    request,
    async json<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T; response: Response }> {
      const response = await request(path, init);
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T, response };
    },
    /** Signs in with the browser login flow; the session cookie lands in the jar. */
    async signIn(email: string, password: string): Promise<Response> {
      const flow = (await (await request('/api/.ory/self-service/login/browser')).json()) as FlowJson;
      return request(`/api/.ory/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        body: JSON.stringify({ method: 'password', identifier: email, password, csrf_token: csrfOf(flow) }),
      });
    },
  };
}

/** The JSON of a flow, as far as tests read it. */
export interface FlowJson {
  id: string;
  type: string;
  state: string;
  expires_at: string;
  return_to?: string;
  requested_aal?: string;
  refresh?: boolean;
  ui: {
    action: string;
    method: string;
    messages?: { id: number; text: string; type: string }[];
    nodes: {
      type: string;
      group: string;
      attributes: { name?: string; value?: unknown; type?: string };
      messages: { id: number; text: string }[];
    }[];
  };
}

/** The csrf_token node value of a browser flow. */
export function csrfOf(flow: FlowJson): string {
  const node = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token');
  return String(node?.attributes.value ?? '');
}
