import { type APIRequestContext, type Page, request } from '@playwright/test';
import { mailCount, nextLink } from './mailbox.js';

/** Roles a journey can sign in as (spec 001 §6). */
export type Role = 'admin' | 'editor' | 'viewer' | 'guest' | 'commander' | 'responder';

interface FlowNode {
  attributes: { name?: string; value?: unknown };
}
interface Flow {
  id: string;
  ui: { action: string; nodes: FlowNode[] };
}

const JSON_HEADERS = { Accept: 'application/json' };
/** Password of the per-role journey users (created once per server through invite + registration). */
const ROLE_PASSWORD = 'e2e journey passphrase';

function adminCredentials(): { email: string; password: string } {
  return {
    email: process.env.MC_E2E_ADMIN_EMAIL ?? 'admin@example.com',
    password: process.env.MC_E2E_ADMIN_PASSWORD ?? 'e2e-Admin-password-1',
  };
}

/** Signs in through the browser login flow of `context`; its cookie jar receives the session cookie. */
async function browserSignIn(context: APIRequestContext, email: string, password: string): Promise<void> {
  const flow = (await (
    await context.get('/api/.ory/self-service/login/browser', { headers: JSON_HEADERS })
  ).json()) as Flow;
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const answer = await context.post(`/api/.ory/self-service/login?flow=${flow.id}`, {
    headers: JSON_HEADERS,
    data: { method: 'password', identifier: email, password, csrf_token: csrf },
  });
  if (!answer.ok()) throw new Error(`signing in ${email} failed: ${answer.status()} ${await answer.text()}`);
}

/**
 * Makes sure a person with `role` exists: the admin invites `e2e-<role>@example.com` with the role
 * and the person registers through the api registration flow started with the mailed invitation
 * link's token, the only way to the invited role (an existing account is kept).
 */
async function ensureRoleUser(baseURL: string, role: Role): Promise<string> {
  const email = `e2e-${role}@example.com`;
  const admin = await request.newContext({ baseURL });
  try {
    const { email: adminEmail, password } = adminCredentials();
    await browserSignIn(admin, adminEmail, password);
    const seen = await mailCount(email);
    const invited = await admin.post('/api/auth/invite_user', {
      headers: JSON_HEADERS,
      data: { firstName: 'E2E', lastName: role, email, role },
    });
    if (invited.status() === 409) return email;
    if (!invited.ok()) throw new Error(`inviting ${email} failed: ${invited.status()} ${await invited.text()}`);
    const token = new URL(await nextLink(email, seen, '/registration?invite=')).searchParams.get('invite') ?? '';
    const start = `/api/.ory/self-service/registration/api?invite=${encodeURIComponent(token)}`;
    const flow = (await (await admin.get(start)).json()) as Flow;
    const registered = await admin.post(`/api/.ory/self-service/registration?flow=${flow.id}`, {
      headers: JSON_HEADERS,
      data: { method: 'password', traits: { email, name: { first: 'E2E', last: role } }, password: ROLE_PASSWORD },
    });
    if (!registered.ok())
      throw new Error(`registering ${email} failed: ${registered.status()} ${await registered.text()}`);
    return email;
  } finally {
    await admin.dispose();
  }
}

/**
 * Signs the page in as a person with `role` through the identity provider's API (no UI clicks):
 * the first admin (MC_E2E_ADMIN_EMAIL / MC_E2E_ADMIN_PASSWORD) for 'admin', otherwise a journey
 * user invited with that role. The session cookie lands in the page's browser context.
 */
export async function signIn(page: Page, options: { role: Role }): Promise<void> {
  const baseURL = process.env.MC_E2E_BASE_URL ?? 'http://127.0.0.1:8080';
  if (options.role === 'admin') {
    const { email, password } = adminCredentials();
    await browserSignIn(page.request, email, password);
    return;
  }
  const email = await ensureRoleUser(baseURL, options.role);
  await browserSignIn(page.request, email, ROLE_PASSWORD);
}
