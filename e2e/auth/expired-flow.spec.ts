import { expect, test } from '@playwright/test';
import { type ExtraServer, startExtraServer } from '../support/extra-server.js';

// Its own server, whose forms stay valid for 3 s only (MC_AUTH_FLOW_LIFESPAN_MS).
let server: ExtraServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startExtraServer({ MC_AUTH_FLOW_LIFESPAN_MS: '3000' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('[AUTH] an expired flow shows the message and a fresh form to fill again', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
  const first = new URL(page.url()).searchParams.get('flow');
  await page.waitForTimeout(4_000);
  await page.getByLabel('ID').fill('someone@example.com');
  await page.getByLabel('Password').fill('whatever passphrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Your interaction expired, please fill out the form again.')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`flow=${first}`));
  await expect(page.getByLabel('ID')).toBeVisible();
});
