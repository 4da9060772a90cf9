import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signInAs, test } from '../support/fixtures.js';

const SEARCH_PLACEHOLDER = 'Search by name, description, or endpoint';
const DURATION_MESSAGE = 'duration is allowed only in milli seconds & seconds';

/** A target the journey controls: answers 200 while `healthy`, 500 after. */
async function flipTarget(): Promise<{ server: Server; url: string; fail: () => void }> {
  let healthy = true;
  const server = createServer((_request, response) => {
    response.writeHead(healthy ? 200 : 500, { 'Content-Type': 'text/plain' });
    response.end(healthy ? 'ok' : 'down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so the address is an object
  return { server, url: `http://127.0.0.1:${port}/`, fail: () => (healthy = false) };
}

/** A port nothing listens on: bound then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo; // as above
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * [HEALTH] an editor watches a canary's checks: the canary is created in the console (the generic
 * resource editor's Code tab on /settings/canaries), its checks turn healthy and unhealthy within one
 * 5 s interval on the dashboard, the check modal's time range and history filters work
 * (a bad typed duration is refused), and Run Now runs the check; a viewer sees no Run Now.
 */
test.describe('[HEALTH] health dashboard and check detail', () => {
  test.use({ role: 'editor' });

  test('an editor sees checks flip, inspects one and runs it now; a viewer sees no Run Now', async ({
    page,
    browser,
    signedIn,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    expect(signedIn).toBe(true);
    const target = await flipTarget();
    const closed = await closedPort();
    const name = `e2e-journey-${Date.now()}`;
    try {
      // the editor creates the canary in the console: the generic resource editor's Code tab
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
        '  labels:',
        '    journey: "true"',
        '    team: sre',
        'spec:',
        '  schedule: "@every 5s"',
        '  http:',
        `    - name: ${name}-flip`,
        `      url: ${target.url}`,
        '      responseCodes: [200]',
        '      thresholdMillis: 3000',
        `    - name: ${name}-closed`,
        `      url: http://127.0.0.1:${closed}/`,
        '      responseCodes: [200]',
        '',
      ].join('\n');
      await page.getByRole('textbox', { name: 'Code' }).fill(yaml);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`${name} created successfully`)).toBeVisible();

      await page.goto(`/health?hidePassing=false&refresh=5s&query=${name}`);
      await expect(page.getByPlaceholder(SEARCH_PLACEHOLDER)).toHaveValue(name);
      await expect(page.getByRole('tab', { name: 'e2e' })).toBeVisible({ timeout: 30_000 });
      const table = page.getByRole('table', { name: 'Health checks' });
      const row = (check: string) => table.locator('tr', { has: page.getByRole('link', { name: check, exact: true }) });
      const health = (check: string) => row(check).locator('td').nth(1);
      await expect(health(`${name}-flip`)).toHaveText('healthy', { timeout: 30_000 });
      await expect(health(`${name}-closed`)).toHaveText('unhealthy', { timeout: 30_000 });
      await expect(table.getByRole('rowgroup', { name: `Group ${name}` })).toContainText('mixed');

      // the target goes down: within one interval (5 s) plus a refresh (5 s) the row turns unhealthy
      target.fail();
      await expect(health(`${name}-flip`)).toHaveText('unhealthy', { timeout: 20_000 });
      await page.screenshot({ path: 'e2e/artifacts/screens/health-dashboard.png', fullPage: true });

      // Hide Passing (on by default) keeps both failing checks and counts as an active filter
      await page.getByRole('switch', { name: 'Hide Passing' }).click();
      await expect(page.getByTestId('active-filter-count')).toHaveText('1');

      await page.getByRole('link', { name: `${name}-flip`, exact: true }).click();
      await expect(page).toHaveURL(/checkId=[0-9a-f-]+.*timeRange=1h|timeRange=1h.*checkId=/);
      const dialog = page.getByRole('dialog', { name: new RegExp(`${name}-flip`) });
      await expect(dialog.getByRole('region', { name: 'Uptime' })).toContainText('failed');
      await expect(dialog.getByRole('tab', { name: /Relationships \(\d+\)/ })).toBeVisible();
      await expect(dialog.getByRole('tab', { name: 'Graph' })).toBeVisible(); // the 900 px window is "short"

      await dialog.getByRole('button', { name: /Time Range$/ }).click();
      await page.getByRole('option', { name: '1d', exact: true }).click();
      await expect(page).toHaveURL(/timeRange=1d/);

      const history = dialog.getByRole('table', { name: 'Check history' });
      await expect(history.getByText('Unhealthy').first()).toBeVisible();
      await dialog.getByRole('button', { name: / Status$/ }).click();
      await page.getByRole('option', { name: 'Healthy', exact: true }).click();
      await expect(page).toHaveURL(/historyStatus=healthy/);
      await expect(history.getByText('Unhealthy')).toHaveCount(0);
      await dialog.getByRole('button', { name: / Status$/ }).click();
      await page.getByRole('option', { name: 'Unhealthy', exact: true }).click();
      await expect(history.getByText('Healthy', { exact: true })).toHaveCount(0);
      await dialog.getByRole('button', { name: /Duration$/ }).click();
      await page.getByRole('option', { name: 'Custom', exact: true }).click();
      await dialog.getByLabel('Custom duration').fill('2m');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(DURATION_MESSAGE);
      await dialog.getByLabel('Custom duration').fill('0ms');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(page).toHaveURL(/duration=0ms/);

      const before = await dialog.getByRole('region', { name: 'Uptime' }).textContent();
      await dialog.getByRole('button', { name: 'Run Now' }).click();
      await expect(page.getByText('Check ran: unhealthy')).toBeVisible();
      await expect(dialog.getByRole('region', { name: 'Uptime' })).not.toHaveText(before ?? '');
      await page.screenshot({ path: 'e2e/artifacts/screens/health-check-modal.png', fullPage: true });
      const checkUrl = page.url();
      expect(consoleErrors.list).toEqual([]);

      const viewerContext = await browser.newContext();
      const viewer = await viewerContext.newPage();
      try {
        expect(await signInAs(viewer, 'viewer')).toBe(true);
        await viewer.goto(checkUrl);
        const viewerDialog = viewer.getByRole('dialog', { name: new RegExp(`${name}-flip`) });
        await expect(viewerDialog.getByRole('region', { name: 'Uptime' })).toBeVisible();
        await expect(viewerDialog.getByRole('table', { name: 'Check history' })).toBeVisible();
        await expect(viewerDialog.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
        await expect(viewerDialog.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
      } finally {
        await viewerContext.close();
      }
    } finally {
      await new Promise((resolve) => target.server.close(resolve));
    }
  });
});
