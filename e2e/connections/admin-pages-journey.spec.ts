import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens the sidebar's Settings group (it starts closed on every page load). */
async function openSettings(page: Page): Promise<void> {
  const toggle = sidebar(page).getByRole('button', { name: 'Settings' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/**
 * [CONNECTIONS] an admin adds a PostgreSQL connection, tests it against the local server (success),
 * points it at a closed port (a clear failure), deletes it; registers an agent and sees its token once;
 * the Event Queue page shows its table.
 */
test.describe('[CONNECTIONS] connections, agents and the event queue', () => {
  test('an admin tests a connection against the local PostgreSQL and a closed port, and registers an agent', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    expect(signedIn).toBe(true);
    const name = `e2e-pg-${Date.now()}`;

    await page.goto('/settings/connections');
    await openSettings(page);
    await expect(sidebar(page).getByRole('link', { name: 'Connections' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Connection' }).click();
    await page.getByRole('dialog', { name: 'Add Connection' }).getByRole('button', { name: 'Postgres' }).click();
    const form = page.getByRole('dialog', { name: 'Add Postgres connection' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('This field is required')).toHaveCount(4);
    await form.getByLabel('Name *', { exact: true }).fill(name);
    await form.getByLabel('URL *', { exact: true }).fill('postgres://127.0.0.1:5432/test');
    await form.getByLabel('Username *', { exact: true }).fill('root');
    await form.getByLabel('Password *', { exact: true }).fill('e2e-secret');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();

    await page.getByRole('cell', { name, exact: true }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByLabel('Password *', { exact: true })).toHaveValue('********');
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(edit.getByRole('status').filter({ hasText: 'Connection test succeeded' })).toBeVisible();
    await expect(edit.getByText(/Connected to PostgreSQL/)).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/screens/connection-test.png', fullPage: true });

    await edit.getByLabel('URL *', { exact: true }).fill('postgres://127.0.0.1:1/test');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} updated successfully`)).toBeVisible();
    await page.getByRole('cell', { name, exact: true }).click();
    const again = page.getByRole('dialog', { name: `Edit ${name}` });
    await again.getByRole('button', { name: 'Test' }).click();
    const failure = again.getByRole('alert').filter({ hasText: 'Connection test failed' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('PostgreSQL:');
    await again.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete connection' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} deleted successfully`)).toBeVisible();
    await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);

    const agent = `e2e-agent-${Date.now()}`;
    await page.goto('/settings/agents');
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const add = page.getByRole('dialog', { name: 'Add Agent' });
    await add.getByLabel('Name *', { exact: true }).fill(agent);
    await add.getByRole('button', { name: 'Generate' }).click();
    const done = page.getByRole('dialog', { name: `Agent ${agent} registered` });
    await expect(done.getByLabel('Token', { exact: true })).toHaveValue(/^mca_/);
    await expect(done.getByLabel('Install command', { exact: true })).toHaveValue(/helm/);
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('cell', { name: agent, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'unknown' }).first()).toBeVisible();

    await page.goto('/settings/event-queue-status');
    await expect(page.getByRole('columnheader', { name: 'Most Common Error' })).toBeVisible();
    expect(consoleErrors.list).toEqual([]);
  });
});
