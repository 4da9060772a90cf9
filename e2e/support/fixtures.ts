import { test as base, expect, type Page } from '@playwright/test';

/** Roles a journey can sign in as (spec 001 §6). */
export type Role = 'admin' | 'editor' | 'viewer' | 'guest' | 'commander' | 'responder';

/** What e2e/support/sign-in.ts (the identity feature's helper) exports. */
interface SignInModule {
  signIn(page: Page, options: { role: Role }): Promise<void>;
}

interface FlowNode {
  attributes: { name?: string; value?: unknown };
}

/**
 * Until the identity feature's helper exists: signs the first admin (MC_E2E_ADMIN_EMAIL and
 * MC_E2E_ADMIN_PASSWORD, which scripts/e2e.mjs gives the server) in through the provider's browser
 * login flow, so the session cookie lands in the page's context.
 */
async function signInAsFirstAdmin(page: Page): Promise<boolean> {
  // right after the server starts the embedded database is busy with the first jobs: retry a little
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await signInOnce(page)) return true;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return false;
}

async function signInOnce(page: Page): Promise<boolean> {
  const email = process.env.MC_E2E_ADMIN_EMAIL;
  const password = process.env.MC_E2E_ADMIN_PASSWORD;
  if (!email || !password) return false;
  const json = { Accept: 'application/json' };
  const flowAnswer = await page.request.get('/api/.ory/self-service/login/browser', { headers: json });
  if (!flowAnswer.ok()) return false;
  const flow = (await flowAnswer.json()) as { ui?: { action: string; nodes: FlowNode[] } }; // the Kratos flow shape
  if (!flow.ui) return false;
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const submitted = await page.request.post(flow.ui.action, {
    headers: json,
    data: { method: 'password', identifier: email, password, csrf_token: csrf },
  });
  return submitted.ok();
}

/**
 * The one place journeys get a session: the identity feature's `signIn(page, { role })` from
 * e2e/support/sign-in.ts when it exists; before that, admin journeys sign the first admin in and
 * other roles report false (their journeys skip).
 */
export async function signInAs(page: Page, role: Role): Promise<boolean> {
  const path = './sign-in.ts';
  let module: SignInModule | undefined;
  try {
    module = (await import(path)) as SignInModule; // the helper's contract, owned by the identity feature
  } catch {
    module = undefined;
  }
  if (module) {
    await module.signIn(page, { role });
    return true;
  }
  return role === 'admin' ? signInAsFirstAdmin(page) : false;
}

/** Console messages and page errors a journey collected; every journey ends by expecting none. */
export interface ConsoleErrors {
  list: string[];
}

/**
 * `test` with a page signed in as admin (`role` option) and a record of console errors and
 * uncaught page errors.
 */
export const test = base.extend<{ role: Role; consoleErrors: ConsoleErrors; signedIn: boolean }>({
  role: ['admin', { option: true }],
  consoleErrors: async ({ page }, use) => {
    const errors: ConsoleErrors = { list: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') errors.list.push(`${message.location().url || page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.list.push(`${page.url()}: ${error.message}`));
    await use(errors);
  },
  signedIn: async ({ page, role }, use) => {
    await use(await signInAs(page, role));
  },
});

export { expect };
