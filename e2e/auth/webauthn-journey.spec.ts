import { expect, type Page, test } from '@playwright/test';

// WebAuthn needs a domain as relying party id (an IP address is refused), so this journey uses
// localhost instead of 127.0.0.1; the server takes its relying party from the request's host.
const base = (process.env.MC_E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace('127.0.0.1', 'localhost');
const email = `key-holder-${Date.now()}@example.com`;
const password = 'a key holder passphrase';

async function register(page: Page): Promise<void> {
  const flow = (await (await page.request.get(`${base}/api/.ory/self-service/registration/api`)).json()) as {
    id: string;
  };
  const answer = await page.request.post(`${base}/api/.ory/self-service/registration?flow=${flow.id}`, {
    headers: { Accept: 'application/json' },
    data: { method: 'password', traits: { email, name: { first: 'Key', last: 'Holder' } }, password },
  });
  expect(answer.ok()).toBe(true);
}

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('ID').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('[AUTH] registers a security key in Chromium’s virtual authenticator and signs in with it', async ({
  page,
  context,
}) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: false,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await register(page);
  await signInWithPassword(page);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${base}/profile-settings`);
  const keys = page.getByRole('region', { name: 'Manage Hardware Tokens and Biometrics' });
  await keys.getByLabel('Name of the security key').fill('Virtual key');
  await keys.getByRole('button', { name: 'Add security key' }).click();
  await expect(page.getByText('Your changes have been saved!')).toBeVisible();
  await expect(keys.getByRole('button', { name: 'Remove security key "Virtual key"' })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  await context.clearCookies();
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with hardware key' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});
