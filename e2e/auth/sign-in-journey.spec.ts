import { expect, test } from '@playwright/test';

const email = process.env.MC_E2E_ADMIN_EMAIL ?? 'admin@example.com';
const password = process.env.MC_E2E_ADMIN_PASSWORD ?? 'e2e-Admin-password-1';

async function signInThroughThePage(page: import('@playwright/test').Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
  await page.getByLabel('ID').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('[AUTH] a signed-out visit goes through /login and comes back to the same page', async ({ page }) => {
  await page.goto('/incidents?status=open');
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('return_to')).toBe('/incidents?status=open');
  await signInThroughThePage(page);
  await expect(page).toHaveURL(/\/incidents\?status=open$/);
});

test('[AUTH] a 401 mid-session brings the user back to the same page after signing in', async ({ page, context }) => {
  await page.goto('/login');
  await signInThroughThePage(page);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/health');
  await expect(page).toHaveURL(/\/health$/);
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login\?/);
  await signInThroughThePage(page);
  await expect(page).toHaveURL(/\/health$/);
});

test('[AUTH] a wrong password shows the provider message; Reset password leads to /recovery', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('ID').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The provided credentials are invalid', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Recover account' })).toBeVisible();
});
