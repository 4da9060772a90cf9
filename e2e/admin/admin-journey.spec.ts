import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/** A local target for the canary's HTTP check. */
async function target(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so the address is an object
  return { server, url: `http://127.0.0.1:${port}/` };
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens the sidebar's Settings group (it starts closed on every page load). */
async function openSettings(page: Page): Promise<void> {
  const toggle = sidebar(page).getByRole('button', { name: 'Settings' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Creates a canary with one HTTP check of `url` in the resource editor's Code tab; it shows in the list. */
async function createCanaryAsYaml(page: Page, name: string, url: string): Promise<void> {
  await page.goto('/settings/canaries');
  await page.getByRole('link', { name: 'Add Health Check' }).click();
  await page.getByRole('button', { name: /Custom Health Check/ }).click();
  await expect(page.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
  const yaml = [
    'apiVersion: canaries.flanksource.com/v1',
    'kind: Canary',
    'metadata:',
    `  name: ${name}`,
    '  namespace: e2e',
    'spec:',
    '  schedule: "@every 30s"',
    '  http:',
    `    - name: ${name}-home`,
    `      url: ${url}`,
    '      responseCodes: [200]',
    '',
  ].join('\n');
  await page.getByRole('textbox', { name: 'Code' }).fill(yaml);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} created successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/canaries$/);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screens/resource-list.png', fullPage: true });
}

/** Finds the canary's runs in Jobs History and follows the link back to the canary's Job History tab. */
async function findCanaryRuns(page: Page, name: string): Promise<void> {
  // Jobs History: successful runs are hidden by default; show every status, canaries only
  await openSettings(page);
  await sidebar(page).getByRole('link', { name: 'Jobs History' }).click();
  await expect(page).toHaveURL(/\/settings\/jobs/);
  await expect(page.getByRole('button', { name: 'Last 2 days' })).toBeVisible();
  await page.getByRole('button', { name: /Status:/ }).click();
  await page.getByRole('button', { name: 'None SUCCESS' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Resource Type$/ }).click();
  await page.getByRole('option', { name: 'Canary', exact: true }).click();
  await expect(page).toHaveURL(/status=all/);
  const run = page.getByRole('link', { name: `Open ${name}` }).first();
  await expect(async () => {
    await page.reload();
    await expect(run).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  await page.screenshot({ path: 'e2e/artifacts/screens/jobs-history.png', fullPage: true });

  // the row links back to the canary, whose Job History tab lists the same runs
  await run.click();
  await expect(page).toHaveURL(/\/settings\/canaries\/[0-9a-f-]+$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await page.getByRole('tab', { name: 'Job History' }).click();
  await expect(page.getByRole('cell', { name: 'run_canary' }).first()).toBeVisible();
}

/** Sets health.disable=true on the Feature Flags page and sees the Health entries leave the sidebar. */
async function disableHealthFeature(page: Page): Promise<void> {
  // health.disable=true on the Feature Flags page: Health, Health Checks and Jobs History leave the sidebar
  await page.goto('/settings/feature-flags');
  await openSettings(page);
  await expect(sidebar(page).getByRole('link', { name: 'Health', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Health Checks' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Jobs History' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Property' });
  await dialog.getByLabel('Name *').fill('health.disable');
  await dialog.getByLabel('Value *').fill('true');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(sidebar(page).getByRole('link', { name: 'Health', exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Health Checks' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Jobs History' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Connections' })).toBeVisible();
}

/**
 * [ADMIN] an admin creates a canary in the generic resource editor's Code tab, finds its runs in Jobs
 * History and follows the link back to the canary; disabling the health feature (health.disable=true
 * on the Feature Flags page) takes the Health entries out of the sidebar.
 */
test.describe('[ADMIN] resource editor, job history and feature flags', () => {
  test('an admin creates a canary as YAML, finds its runs, and turns the health feature off', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    test.setTimeout(200_000);
    expect(signedIn).toBe(true);
    const http = await target();
    const name = `e2e-admin-${Date.now()}`;
    try {
      await createCanaryAsYaml(page, name, http.url);
      await findCanaryRuns(page, name);
      await disableHealthFeature(page);
      expect(consoleErrors.list).toEqual([]);
    } finally {
      await page.request.delete('/api/properties/health.disable');
      await new Promise((resolve) => http.server.close(resolve));
    }
  });

  test('an admin adds a topology with its form, updates and deletes it', async ({ page, signedIn, consoleErrors }) => {
    test.setTimeout(120_000);
    expect(signedIn).toBe(true);
    const name = `e2e-topology-${Date.now()}`;
    await page.goto('/settings/topologies');
    await page.getByRole('link', { name: 'Add Topology' }).click();
    await expect(page.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Namespace' }).fill('e2e');
    await page.getByRole('textbox', { name: 'Labels' }).fill('team=e2e');
    await page.getByRole('textbox', { name: 'Spec' }).fill('components:\n  - name: api\n');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/topologies$/);

    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Namespace' })).toBeDisabled();
    await page.getByRole('button', { name: /Schedule$/ }).click();
    await page.getByRole('option', { name: '@hourly', exact: true }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(`${name} updated successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/topologies$/);

    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('button', { name: /Schedule$/ })).toContainText('@hourly');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText(`${name} deleted successfully`)).toBeVisible();
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    expect(consoleErrors.list).toEqual([]);
  });
});
