import { expect, type Page, test } from '@playwright/test';

const email = process.env.MC_E2E_ADMIN_EMAIL ?? 'owner@example.com';
const password = process.env.MC_E2E_ADMIN_PASSWORD ?? 'e2e-Owner-password-1';
const PROVISIONING = 'Please wait, instance provisioning in-progress ...';

interface Org {
  id: string;
  name: string;
  instance_finished: boolean;
}

async function organizations(page: Page): Promise<Org[]> {
  return (await (await page.request.get('/api/organizations')).json()) as Org[];
}

/** Creates a team in an organisation's backend through the service's proxy, so each has data of its own. */
async function addTeam(page: Page, orgId: string, name: string): Promise<void> {
  const who = await page.request.get(`/api/organizations/${orgId}/proxy/api/auth/whoami`);
  expect(who.status()).toBe(200);
  const person = ((await who.json()) as { user: { id: string } }).user.id;
  const created = await page.request.post(`/api/organizations/${orgId}/proxy/api/db/teams`, {
    headers: { Origin: new URL(page.url()).origin },
    data: { name, created_by: person },
  });
  expect(created.status()).toBe(201);
}

test('[ORGS] sign in, create an organisation, see provisioning then the console; switch to another organisation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('ID').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // no organisation yet: create the first one
  await expect(page.getByTestId('no-organization')).toBeVisible();
  await page.getByLabel('Organisation name').fill('Org One');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByText(PROVISIONING)).toBeVisible();
  // the development hook starts its backend; the console gives way to the page once it is finished
  await expect(page.getByText(PROVISIONING)).toBeHidden();
  await expect(page.getByTestId('organization-switcher')).toBeVisible();
  const [one] = await organizations(page);
  expect(one?.instance_finished).toBe(true);
  await addTeam(page, one?.id as string, 'Team of Org One');
  await page.goto('/settings/teams');
  await expect(page.getByText('Team of Org One')).toBeVisible();

  // a second organisation, created from the switcher
  await page.getByRole('button', { name: 'New organisation' }).click();
  await page.getByLabel('Organisation name').fill('Org Two');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByText(PROVISIONING)).toBeVisible();
  // the screen may give way for a moment between the organisation's status and the backend's own
  // who-am-I (both show it, 000 §8): wait for the backend to be finished, then for the screen to go
  await expect
    .poll(async () => (await organizations(page)).find((org) => org.name === 'Org Two')?.instance_finished, {
      timeout: 60_000,
    })
    .toBe(true);
  await expect(page.getByText(PROVISIONING)).toBeHidden({ timeout: 30_000 });
  const two = (await organizations(page)).find((org) => org.name === 'Org Two');
  await addTeam(page, two?.id as string, 'Team of Org Two');
  await page.goto('/settings/teams');
  await expect(page.getByText('Team of Org Two')).toBeVisible();
  await expect(page.getByText('Team of Org One')).toBeHidden();

  // switch back: the landing route, then the last page seen in Org One with Org One's data
  const landed = page.waitForURL(/\/organizations\/orgs-switched$/);
  await page.getByRole('button', { name: /Organisation$/ }).click();
  await page.getByRole('option', { name: 'Org One' }).click();
  await landed;
  await expect(page).toHaveURL(/\/settings\/teams$/);
  await expect(page.getByText('Team of Org One')).toBeVisible();
  await expect(page.getByText('Team of Org Two')).toBeHidden();
});
