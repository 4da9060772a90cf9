import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures.js';

const line = (at: Date, level: string, msg: string) => `${JSON.stringify({ time: at.toISOString(), level, msg })}\n`;

/**
 * [LOGS] an admin lets file log backends read one folder (the admin-only property logs.file.roots), adds
 * a file log backend through the Add Integration wizard (Add Directly → Log Backends), searches it on
 * /logs, tails it while the test appends lines to the file, and attaches a line to a new incident as log
 * evidence.
 */
test.describe('[LOGS] file log backend, search, live tail and evidence', () => {
  test('an admin adds a file backend, searches and tails it, and attaches a line to an incident', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    expect(signedIn).toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'mc-e2e-logs-'));
    const name = `e2e-logs-${Date.now()}`;
    const file = join(dir, 'shop.log');
    const minute = (n: number) => new Date(Date.now() - n * 60_000);
    await writeFile(
      file,
      line(minute(5), 'info', 'shop started on :8080') +
        line(minute(4), 'error', 'payment gateway timeout for order 42') +
        line(minute(3), 'info', 'order 43 accepted'),
    );
    try {
      const roots = await page.request.post('/api/properties', { data: { name: 'logs.file.roots', value: dir } });
      expect(roots.status()).toBeLessThan(300);

      await page.goto('/settings/integrations');
      await page.getByRole('button', { name: 'Add Integration' }).click();
      const grid = page.getByRole('dialog', { name: 'Add Integration' });
      await expect(grid.getByRole('heading', { name: 'Add Directly' })).toBeVisible();
      await grid.getByRole('button', { name: /^Log Backends/ }).click();
      const wizard = page.getByRole('dialog', { name: 'Add Integration Log Backends' });
      await wizard.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(wizard.getByText('This field is required')).toBeVisible();
      await wizard.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await wizard.getByRole('textbox', { name: 'Labels' }).fill('app=shop');
      await wizard.getByRole('textbox', { name: 'Spec' }).fill(`file:\n  - paths:\n      - ${dir}/*.log\n`);
      await wizard.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByText(`${name} created successfully`)).toBeVisible();
      await expect(page).toHaveURL(/\/settings\/logging_backends$/);

      await page.goto(`/logs?backend=${name}`);
      const lines = page.getByRole('region', { name: 'Log lines' });
      await expect(lines.getByText('order 43 accepted')).toBeVisible();
      await expect(lines.getByText('shop started on :8080')).toBeVisible();
      await expect(page.getByText('Syntax: Words match anywhere in the line')).toBeVisible();
      await page.getByRole('textbox', { name: 'Query' }).fill('gateway timeout');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/q=gateway/);
      await expect(lines.getByTestId('log-line')).toHaveCount(1);
      await expect(lines.getByText('payment gateway timeout for order 42')).toBeVisible();

      // live tail: lines appended while the page watches appear without a new search
      await page.getByRole('button', { name: 'Live tail' }).click();
      await expect(page.getByRole('button', { name: 'Stop tail (live)' })).toBeVisible();
      await appendFile(file, line(new Date(), 'error', 'gateway timeout again for order 44'));
      await expect(lines.getByText('gateway timeout again for order 44')).toBeVisible({ timeout: 20_000 });
      await appendFile(file, line(new Date(), 'info', 'no match for the query here'));
      await appendFile(file, line(new Date(), 'error', 'third gateway timeout for order 45'));
      await expect(lines.getByText('third gateway timeout for order 45')).toBeVisible({ timeout: 20_000 });
      await expect(lines.getByText('no match for the query here')).toHaveCount(0);
      await page.getByRole('button', { name: /Stop tail/ }).click();

      // attach one line to a new incident as log evidence
      const row = lines.getByTestId('log-line').filter({ hasText: 'payment gateway timeout for order 42' });
      await row.getByRole('button', { name: 'Expand line' }).click();
      await row.getByRole('button', { name: 'Attach as Evidence' }).click();
      const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
      const title = `Payments timing out ${Date.now()}`;
      // the lookup of the typed title answers before the dialog closes (a lookup cancelled by the closing
      // dialog is logged as an error by the incidents area's search)
      const lookup = page.waitForResponse((r) => r.url().includes('/api/incidents?') && r.url().includes('Payments'));
      await dialog.getByPlaceholder('Search or create an incident').fill(title);
      await lookup;
      await dialog.getByRole('button', { name: `Create new incident "${title}"` }).click();
      await dialog.getByRole('button', { name: 'Link', exact: true }).click();
      await expect(page.getByText('Linked to incident successfully')).toBeVisible();
      await page
        .locator('[data-sonner-toast]', { hasText: 'Linked to incident successfully' })
        .getByRole('link')
        .click();
      await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
      await expect(page.getByText('payment gateway timeout for order 42').first()).toBeVisible();
      expect(consoleErrors.list).toEqual([]);
    } finally {
      // the backend goes with its folder: later journeys open /logs, whose first backend must still be readable
      const removed = await page.request.patch(`/api/db/logging_backends?name=eq.${name}`, {
        data: { deleted_at: new Date().toISOString() },
      });
      expect(removed.status(), `deleting ${name}: ${await removed.text()}`).toBeLessThan(300);
      await page.request.delete('/api/properties/logs.file.roots');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
