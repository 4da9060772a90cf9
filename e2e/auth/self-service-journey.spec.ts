import { expect, type Page, test } from '@playwright/test';
import { mailCount, nextCode } from '../support/mailbox.js';
import { totpCode } from '../support/totp.js';

const email = `journey-${Date.now()}@example.com`;
const password = 'a journey through every flow';
const newPassword = 'a recovered and brand new passphrase';

async function signInWithPassword(page: Page, secret = password): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
  await page.getByLabel('ID').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
}

test('[AUTH] register, verify by mail, TOTP, backup code and password recovery by mail', async ({ page, context }) => {
  test.setTimeout(180_000);

  // register → the verification page, code from the mail the SMTP server received
  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('First Name').fill('Journey');
  await page.getByLabel('Last Name').fill('Walker');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your account' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await nextCode(email, 0));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('You successfully verified your email address.')).toBeVisible();

  // sign in with the password
  await context.clearCookies();
  await signInWithPassword(page);
  await expect(page).not.toHaveURL(/\/login/);

  // enable TOTP from the secret under the QR code, then make backup codes
  await page.goto('/profile-settings');
  const totp = page.getByRole('region', { name: 'Manage 2FA TOTP Authenticator App' });
  const secret = (await totp.getByTestId('totp_secret_key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await totp.getByLabel('Verify code').fill(totpCode(secret));
  await totp.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes have been saved!')).toBeVisible();
  await expect(totp.getByRole('button', { name: 'Unlink TOTP Authenticator App' })).toBeVisible();
  const backup = page.getByRole('region', { name: 'Manage 2FA Backup Recovery Codes' });
  await backup.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
  await expect(backup.getByTestId('lookup_secret_codes').locator('li').first()).toBeVisible();
  const codes = (await backup.getByTestId('lookup_secret_codes').locator('li').allTextContents()).map((c) => c.trim());
  expect(codes.length).toBeGreaterThanOrEqual(2);
  await backup.getByRole('button', { name: 'Confirm backup recovery codes' }).click();
  await expect(backup.getByRole('button', { name: 'Generate new backup recovery codes' })).toBeVisible();

  // sign out; password then the authenticator's next code (each code works once)
  await page.goto('/');
  await signOut(page);
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Use Authenticator' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // sign out; password then a backup code
  await signOut(page);
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await page.getByLabel('Backup recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Use backup recovery code' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // sign out; recover the password with the emailed code and set a new one
  await signOut(page);
  await page.getByRole('link', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Recover account' })).toBeVisible();
  const seen = await mailCount(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByLabel('Recovery code').fill(await nextCode(email, seen));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/profile-settings\?flow=/);
  await expect(page.getByText('You successfully recovered your account.', { exact: false })).toBeVisible();
  const change = page.getByRole('region', { name: 'Change Password' });
  await change.getByLabel('Password').fill(newPassword);
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes have been saved!')).toBeVisible();

  // the new password (with the second backup code) signs in; the old one no longer does
  await context.clearCookies();
  await signInWithPassword(page);
  await expect(page.getByText('The provided credentials are invalid', { exact: false })).toBeVisible();
  await signInWithPassword(page, newPassword);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await page.getByLabel('Backup recovery code').fill(codes[1] ?? '');
  await page.getByRole('button', { name: 'Use backup recovery code' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});
