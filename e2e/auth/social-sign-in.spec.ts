import { expect, type Page, test } from '@playwright/test';
import { startOidcProviderDouble } from '../../apps/server/src/modules/auth/testing/oidc-provider-double.js';
import { type ExtraServer, startExtraServer } from '../support/extra-server.js';

// Its own server, configured with one OpenID Connect provider: the local provider test double.
let server: ExtraServer;
let idp: Awaited<ReturnType<typeof startOidcProviderDouble>>;
const email = `linker-${Date.now()}@example.com`;
const password = 'a linker passphrase';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  idp = await startOidcProviderDouble({ id: 'mc-e2e', secret: 'mc-e2e-secret' });
  const providers = [
    { id: 'test', label: 'Test IdP', issuer: idp.issuer, client_id: 'mc-e2e', client_secret: 'mc-e2e-secret' },
  ];
  server = await startExtraServer({ MC_OIDC_PROVIDERS: JSON.stringify(providers) });
});
test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

async function register(page: Page): Promise<void> {
  const flow = (await (await page.request.get(`${server.url}/api/.ory/self-service/registration/api`)).json()) as {
    id: string;
  };
  const answer = await page.request.post(`${server.url}/api/.ory/self-service/registration?flow=${flow.id}`, {
    headers: { Accept: 'application/json' },
    data: { method: 'password', traits: { email, name: { first: 'Link', last: 'Er' } }, password },
  });
  expect(answer.ok()).toBe(true);
}

test('[AUTH] links a social account in settings, then signs in with it from /login', async ({ page, context }) => {
  idp.signInAs({ sub: 'linker-subject', email: 'linker@idp.example.com', email_verified: true });
  await register(page);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('ID').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${server.url}/profile-settings`);
  const social = page.getByRole('region', { name: 'Manage Social Sign In' });
  await social.getByRole('button', { name: 'Link Test IdP' }).click();
  await expect(page).toHaveURL(/\/profile-settings\?flow=/);
  await expect(page.getByText('Your changes have been saved!')).toBeVisible();
  await expect(social.getByRole('button', { name: 'Unlink Test IdP' })).toBeVisible();

  await context.clearCookies();
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText('Hi Link Er')).toBeVisible();
});
