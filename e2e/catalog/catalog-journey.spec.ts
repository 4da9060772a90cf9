import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/** Two documents in one file: a service and the database it uses (the relationship the scraper draws). */
function documents(stamp: string, replicas: number): string {
  return [
    '---',
    'kind: Service',
    `id: svc-${stamp}`,
    `name: checkout-${stamp}`,
    `database: orders-db-${stamp}`,
    `replicas: ${replicas}`,
    'image: shop/checkout:1.4',
    '---',
    'kind: Database',
    `id: db-${stamp}`,
    `name: orders-db-${stamp}`,
    'engine: postgres',
    '',
  ].join('\n');
}

/** The ScrapeConfig a user types in the Code tab: the file scraper over the folder, with the service → database link. */
function scrapeConfig(name: string, folder: string): string {
  return [
    'apiVersion: configs.flanksource.com/v1',
    'kind: ScrapeConfig',
    'metadata:',
    `  name: ${name}`,
    '  namespace: e2e',
    'spec:',
    '  file:',
    '    - type: $.kind',
    '      id: $.id',
    '      name: $.name',
    '      paths:',
    `        - ${folder}/*.yaml`,
    '      transform:',
    '        relationship:',
    `          - filter: "config.kind == 'Service'"`,
    '            type: Database',
    '            name: $.database',
    '',
  ].join('\n');
}

/** Run Now on the scraper's row of /catalog/scrapers, then waits until its last run has finished. */
async function runNow(page: Page, name: string): Promise<void> {
  await page.goto('/catalog/scrapers');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.getByRole('button', { name: `Run ${name} now` }).click();
  await expect(page.getByText(/Scrape started|already under way/).first()).toBeVisible();
}

/** Opens an item by name from the catalog list (search in the URL), retrying while the scrape is still writing. */
async function openItem(page: Page, itemName: string): Promise<void> {
  const link = page.getByRole('link', { name: itemName, exact: true });
  await expect(async () => {
    await page.goto(`/catalog?search=${encodeURIComponent(itemName)}`);
    await expect(link).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await link.click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(itemName);
}

/**
 * [CATALOG] a user adds a file scraper in the console (the file is written by the test in a temporary
 * folder on this host, where the server runs, which the admin lets file scrapers read), runs it, finds the items, opens one, edits the file,
 * runs again, sees the change with its diff, follows the relationship in the graph, and attaches the
 * change to a new incident.
 */
test.describe('[CATALOG] scrape a file, see its change, follow a relationship, attach the change', () => {
  test('file scraper → items → change with diff → relationship graph → evidence', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    test.setTimeout(240_000);
    expect(signedIn).toBe(true);
    const stamp = String(Date.now());
    const folder = mkdtempSync(join(tmpdir(), 'mc-e2e-catalog-'));
    const file = join(folder, 'shop.yaml');
    const scraper = `e2e-files-${stamp}`;
    const service = `checkout-${stamp}`;
    const database = `orders-db-${stamp}`;
    writeFileSync(file, documents(stamp, 2));
    try {
      // file scrapers read nothing until an administrator names the folders (the admin-only property)
      const roots = await page.request.post('/api/properties', {
        data: { name: 'catalog.scraper.file.roots', value: folder },
      });
      expect(roots.status()).toBeLessThan(300);

      // add the scraper in the console: type picker → Custom Scraper → Code
      await page.goto('/catalog');
      await page.getByRole('navigation', { name: 'Catalog' }).getByRole('link', { name: 'Scrapers' }).click();
      await expect(page).toHaveURL(/\/catalog\/scrapers$/);
      await page.getByRole('button', { name: 'Add scraper' }).click();
      await page.getByRole('button', { name: /Custom Scraper/ }).click();
      await expect(page.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('textbox', { name: 'Code' }).fill(scrapeConfig(scraper, folder));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`${scraper} created successfully`)).toBeVisible();
      await expect(page).toHaveURL(/\/catalog\/scrapers$/);

      // run it and find both items in the catalog
      await runNow(page, scraper);
      await openItem(page, database);
      await openItem(page, service);
      const itemUrl = page.url();
      await expect(page.getByRole('region', { name: 'Document' })).toContainText('"replicas": 2');
      await page.screenshot({ path: 'e2e/artifacts/screens/catalog-item.png', fullPage: true });

      // edit the file and run again: the change shows with its diff
      writeFileSync(file, documents(stamp, 3));
      await runNow(page, scraper);
      await page.goto(`${itemUrl}/changes`);
      // a loaded row: not the skeleton's (its body is busy) nor the empty state's
      const firstChange = page
        .locator('tbody:not([aria-busy]) tr:not([data-spacer])')
        .filter({ hasNot: page.getByTestId('empty-state') })
        .first();
      await expect(async () => {
        await page.reload();
        await expect(firstChange).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await firstChange.click();
      const change = page.getByRole('dialog');
      const side = change.getByRole('table', { name: 'Side-by-side diff' });
      // the server diffs the item's JSON document
      await expect(side).toContainText('"replicas": 2');
      await expect(side).toContainText('"replicas": 3');
      await page.screenshot({ path: 'e2e/artifacts/screens/catalog-change-diff.png', fullPage: true });
      await change.getByRole('tab', { name: 'Unified' }).click();
      await expect(change.getByRole('table', { name: 'Unified diff' })).toContainText(/-\s*"replicas": 2/);
      const changeUrl = page.url();
      await page.keyboard.press('Escape');

      // follow the relationship in the graph to the database, and back
      await page.goto(`${itemUrl}/relationships`);
      await expect(page.getByTestId('relationships-graph')).toBeVisible();
      await page.screenshot({ path: 'e2e/artifacts/screens/catalog-relationships.png', fullPage: true });
      await page.getByRole('link', { name: `Open ${database}` }).click();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(database);
      await expect(page).toHaveURL(/\/relationships$/);
      await page.getByRole('link', { name: `Open ${service}` }).click();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(service);

      // attach the change to a new incident
      await page.goto(changeUrl);
      const reopened = page.getByRole('dialog');
      await reopened.getByRole('button', { name: 'Attach as Evidence' }).click();
      const link = page.getByRole('dialog', { name: 'Link to Incident' });
      const title = `E2E ${service} replicas changed`;
      await link.getByPlaceholder('Search or create an incident').fill(title);
      await link.getByRole('button', { name: `Create new incident "${title}"` }).click();
      await link.getByRole('button', { name: 'Link', exact: true }).click();
      await expect(page.getByText('Linked to incident successfully')).toBeVisible();
      await page
        .locator('[data-sonner-toast]', { hasText: 'Linked to incident successfully' })
        .getByRole('link')
        .click();
      await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('region', { name: 'Hypotheses' })).toContainText(service);

      // the catalog's pages with these items in them
      for (const [path, heading, screen] of [
        [`/catalog?search=${stamp}`, 'Catalog', 'catalog'],
        [`/catalog/changes?search=${stamp}`, 'Catalog Changes', 'catalog-changes'],
        ['/catalog/insights', 'Catalog Insights', 'catalog-insights'],
        ['/catalog/scrapers', 'Catalog Scrapers', 'catalog-scrapers'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.getByTestId('table-skeleton')).toHaveCount(0);
        await page.screenshot({ path: `e2e/artifacts/screens/${screen}.png`, fullPage: true });
      }
      expect(consoleErrors.list).toEqual([]);
    } finally {
      await page.request.delete('/api/properties/catalog.scraper.file.roots');
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
