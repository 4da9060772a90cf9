import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures.js';

/** The product version both the server and the console report (root package.json). */
const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * [CONSOLE] defects a new user hit on the existing screens (issue 12 §6), each seen in the real
 * browser against the real server and its demo data.
 */
test.describe('[CONSOLE] defects on the existing screens', () => {
  test('the Jobs History time-range picker opens inside the window and its presets apply', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    expect(signedIn).toBe(true);
    for (const width of [1440, 900]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/settings/jobs');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs History');
      await page
        .getByRole('button', { name: /Time range|Last/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Time range' });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box, 'the picker has a box').not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      const preset = dialog.getByRole('button', { name: 'Last 15 minutes' });
      await expect(preset).toBeInViewport();
      await preset.click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/display=Last(\+|%20)15(\+|%20)minutes/);
    }
    expect(consoleErrors.list).toEqual([]);
  });

  test("the user menu greets 'Hi {name}' and shows the product's frontend and backend versions", async ({
    page,
    signedIn,
  }) => {
    expect(signedIn).toBe(true);
    await page.goto('/health');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText(/^Hi \S/)).toBeVisible();
    await expect(page.getByTestId('version-line')).toHaveText(`Version: ${VERSION} (frontend) / ${VERSION} (backend)`);
  });

  test('an admin declares an incident from /incidents with a first evidence and lands on it', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    expect(signedIn).toBe(true);
    const title = `Checkout down ${Date.now()}`;
    await page.goto('/incidents');
    await page.getByRole('button', { name: 'Declare incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Declare incident' });
    await dialog.getByRole('button', { name: 'Declare' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: /Severity$/ }).click();
    await page.getByRole('option', { name: 'High', exact: true }).click();
    await dialog.getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Availability', exact: true }).click();
    await dialog.getByLabel('First evidence (optional)').fill('p99 latency 4 s since 10:02');
    await dialog.getByRole('button', { name: 'Declare' }).click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByText('p99 latency 4 s since 10:02', { exact: true })).toBeVisible();
    expect(consoleErrors.list).toEqual([]);
  });

  test('Users shows a Last Login for the person who just signed in', async ({ page, signedIn }) => {
    expect(signedIn).toBe(true);
    await page.goto('/settings/users');
    const email = process.env.MC_E2E_ADMIN_EMAIL ?? 'admin@example.com';
    const headers = page.getByRole('columnheader');
    await expect(headers.filter({ hasText: 'Last Login' })).toHaveCount(1);
    const names = await headers.allInnerTexts();
    const column = names.findIndex((name) => name.trim().startsWith('Last Login'));
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(column)).not.toHaveText('');
  });
});
