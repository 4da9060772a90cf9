import { expect, type Page, test } from '@playwright/test';
import { mailCount, nextLink } from '../support/mailbox.js';
import { signIn } from '../support/sign-in.js';

const stamp = Date.now();
const invitee = `invitee-${stamp}@example.com`;
const squatted = `squatted-${stamp}@example.com`;
const password = 'an invited journey passphrase';

/** Invites a person through the Users page's Invite User dialog. */
async function inviteThroughThePage(page: Page, email: string, role: string): Promise<void> {
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Journey');
  await dialog.getByLabel('Last name').fill('Invitee');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: /Role$/ }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
}

async function rolesOf(page: Page): Promise<string[]> {
  const answer = await page.request.get('/api/auth/whoami');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { roles: string[] }).roles;
}

test('[AUTH] the mailed invitation link registers with the invited role; without it the default role', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { role: 'admin' });

  // the admin invites an editor; the mail carries a link to /registration with a token
  const seen = await mailCount(invitee);
  await inviteThroughThePage(page, invitee, 'editor');
  const link = await nextLink(invitee, seen, '/registration?invite=');

  // the link opens the registration page with the address filled in; registering there signs in as editor
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await expect(inviteePage.getByLabel('E-Mail')).toHaveValue(invitee);
  await inviteePage.getByLabel('First Name').fill('Journey');
  await inviteePage.getByLabel('Last Name').fill('Invitee');
  await inviteePage.getByLabel('Password').fill(password);
  await inviteePage.getByRole('button', { name: 'Sign up' }).click();
  await expect(inviteePage.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(await rolesOf(inviteePage)).toEqual(['editor']);
  await inviteeContext.close();

  // an address invited as admin, registered without the link: the account gets the default role only
  await inviteThroughThePage(page, squatted, 'admin');
  const squatterContext = await browser.newContext();
  const squatter = await squatterContext.newPage();
  await squatter.goto('/registration');
  await expect(squatter.getByLabel('E-Mail')).toHaveValue('');
  await squatter.getByLabel('E-Mail').fill(squatted);
  await squatter.getByLabel('First Name').fill('Not');
  await squatter.getByLabel('Last Name').fill('Invited');
  await squatter.getByLabel('Password').fill(password);
  await squatter.getByRole('button', { name: 'Sign up' }).click();
  await expect(squatter.getByRole('heading', { name: 'Verify your account' })).toBeVisible();
  await squatter.goto('/login');
  await squatter.getByLabel('ID').fill(squatted);
  await squatter.getByLabel('Password').fill(password);
  await squatter.getByRole('button', { name: 'Sign in' }).click();
  await expect(squatter.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(await rolesOf(squatter)).toEqual(['guest']);
  await squatterContext.close();
});
