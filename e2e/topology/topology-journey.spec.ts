import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures.js';

/**
 * [TOPOLOGY] the landing page: the first screen after sign-in shows the server's own topology (its HTTP
 * endpoint and database, live from the system canary); an admin adds a topology in the form (opened from
 * the dashboard, back to it after Save), sees its cards, changes the card width, hides a component, opens
 * a component and one of its checks, and downloads a snapshot; a viewer sees the dashboard without edit
 * buttons.
 */
test.describe('[TOPOLOGY] topology dashboard', () => {
  test('an admin lands on the self-describing topology, adds one and drills into it', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    expect(signedIn).toBe(true);
    const suffix = Date.now();
    const canary = `e2e-topology-canary-${suffix}`;
    const check = `e2e-topology-check-${suffix}`;
    const name = `e2e-topology-${suffix}`;

    await page.goto('/');
    await expect(page).toHaveURL(/\/topology$/);
    const self = page.getByRole('article', { name: 'Mission Control' });
    await expect(self).toBeVisible();
    await expect(self.getByText('2 healthy')).toBeVisible({ timeout: 90_000 });

    const created = await page.request.post('/api/canaries', {
      headers: { 'content-type': 'application/json' },
      data: {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: canary, namespace: 'default', labels: { journey: String(suffix) } },
        spec: { schedule: '@every 1h', http: [{ name: check, endpoint: new URL('/health', page.url()).href }] },
      },
    });
    expect(created.status()).toBe(201);

    // The dashboard's Add Topology opens the Topology form at /topology/add (also the Add Integration
    // wizard's Custom Topology entry), which returns to the dashboard once saved.
    await page.getByRole('link', { name: 'Add Topology' }).click();
    await expect(page).toHaveURL(/\/topology\/add/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Namespace' }).fill('e2e');
    await page
      .getByRole('textbox', { name: 'Spec' })
      .fill(
        [
          'type: Application',
          'components:',
          '  - name: api',
          '    type: Service',
          '    properties:',
          '      - name: Latency',
          '        value: 120',
          '        unit: ms',
          '    checks:',
          `      - selector: {labelSelector: "journey=${suffix}"}`,
          '  - name: worker',
          '    type: Service',
          '',
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/topology$/);
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible({ timeout: 30_000 });

    const before = (await card.boundingBox())?.width ?? 0;
    await page.getByRole('button', { name: 'Preferences' }).click();
    const slider = page.getByRole('slider', { name: 'Card Width' });
    await slider.fill('300');
    await page.keyboard.press('Escape');
    await expect.poll(async () => Math.round((await card.boundingBox())?.width ?? 0)).toBe(300);
    expect(before).not.toBe(300);

    await card.getByRole('button', { name: `Hide ${name}` }).click();
    await expect(card.getByRole('button', { name: `Unhide ${name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Preferences' }).click();
    await page.getByRole('checkbox', { name: 'Show hidden components' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    await expect(page).toHaveURL(/showHiddenComponents=no/);
    await page.getByRole('button', { name: 'Preferences' }).click();
    await page.getByRole('checkbox', { name: 'Show hidden components' }).check();
    await page.keyboard.press('Escape');
    await page
      .getByRole('article', { name })
      .getByRole('button', { name: `Unhide ${name}` })
      .click();

    await page.getByRole('article', { name }).getByRole('link', { name }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(name);
    const api = page.getByRole('article', { name: 'api' });
    await expect(api).toBeVisible();
    await expect(api.getByText('120ms')).toBeVisible();
    await api.getByRole('link', { name: 'api' }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(name);
    await page.getByRole('button', { name: check }).click();
    await expect(page.getByRole('dialog')).toContainText(check);
    await page.keyboard.press('Escape');

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Snapshot' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^topology-api-.*\.tar$/);
    const archive = readFileSync((await download.path()) ?? '');
    expect(archive.subarray(257, 262).toString()).toBe('ustar');
    expect(archive.toString('latin1')).toContain(check);
    expect(consoleErrors.list).toEqual([]);
  });
});

test.describe('[TOPOLOGY] a viewer', () => {
  test.use({ role: 'viewer' });

  test('sees the dashboard but no edit buttons', async ({ page, signedIn, consoleErrors }) => {
    expect(signedIn).toBe(true);
    await page.goto('/topology');
    const self = page.getByRole('article', { name: 'Mission Control' });
    await expect(self).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Add Topology' })).toHaveCount(0);
    await self.getByRole('link', { name: 'Mission Control' }).click();
    await expect(page.getByRole('article', { name: 'HTTP API' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Topology' })).toHaveCount(0);
    expect(consoleErrors.list).toEqual([]);
  });
});
