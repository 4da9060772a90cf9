import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/** A local webhook inbox the rules deliver to. */
async function inbox(): Promise<{ server: Server; url: string; received: { title?: string }[] }> {
  const received: { title?: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += String(chunk);
    });
    request.on('end', () => {
      received.push(JSON.parse(body || '{}'));
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so the address is an object
  return { server, url: `http://127.0.0.1:${port}/hook`, received };
}

/** A canary with one heartbeat check expecting a call every 5 s (2 s grace) and its webhook rule; answers the check. */
async function heartbeatWithRule(request: APIRequestContext, name: string, hook: string) {
  const connection = await request.post('/api/connections', {
    data: { name: `${name}-hook`, type: 'generic_webhook', properties: { url: hook } },
  });
  expect(connection.status(), await connection.text()).toBe(201);
  const canary = await request.post('/api/canaries', {
    data: {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name, namespace: 'e2e' },
      spec: { schedule: '@every 3s', webhook: [{ name: `${name}-beat`, interval: '5s', grace: '2s' }] },
    },
  });
  expect(canary.status(), await canary.text()).toBe(201);
  const rule = await request.post('/api/notification/rules', {
    headers: { 'Content-Type': 'application/yaml' },
    data: [
      'kind: Notification',
      `metadata: {name: ${name}}`,
      'spec:',
      '  events: [check.failed]',
      `  filter: "check.name == '${name}-beat'"`,
      `  to: {connection: "connection://default/${name}-hook"}`,
      '',
    ].join('\n'),
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const checks = await (await request.get(`/api/db/checks?name=eq.${name}-beat&select=id`)).json();
  return checks[0].id as string;
}

/**
 * [MAINTENANCE] a heartbeat whose token is issued in the check's modal goes silent and alerts through a
 * rule; a recurring maintenance window scheduled in the console holds the next alert, leaves the failures
 * out of the check's uptime and is shaded on the check's graph.
 */
test.describe('[MAINTENANCE] heartbeats and maintenance windows', () => {
  test.use({ role: 'admin' });

  test('a silent heartbeat alerts; during a maintenance window it is held and not counted', async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(240_000);
    expect(signedIn).toBe(true);
    const local = await inbox();
    const name = `e2e-beat-${Date.now()}`;
    try {
      const checkId = await heartbeatWithRule(page.request, name, local.url);
      // the token is issued in the check's modal, which shows the full push URL once
      await page.goto(`/health?checkId=${checkId}`);
      const modal = page.getByRole('dialog', { name: new RegExp(`${name}-beat`) });
      const tokenPanel = modal.getByRole('region', { name: 'Heartbeat token' });
      await tokenPanel.getByRole('button', { name: 'Issue token' }).click();
      const path = new URL(await tokenPanel.getByLabel('Push URL').inputValue()).pathname;
      expect(path).toMatch(/^\/webhook\/[A-Za-z0-9_-]{43}$/);
      await expect(tokenPanel.getByRole('row').filter({ hasText: 'Never' })).toContainText(path.slice(9, 17));
      // the cron job calls once, then stops: the check fails after 5 s + 2 s and the rule sends a message
      expect((await page.request.post(path, { data: { copied: 3 } })).status()).toBe(200);
      // (a run before the call may have failed already on a slow machine; its message renders the check as it is
      // when sent, so wait for the one that says unhealthy)
      await expect
        .poll(() => local.received.some((message) => message.title === `Check ${name}-beat is unhealthy`), {
          timeout: 90_000,
        })
        .toBe(true);

      // a daily window from a minute ago, scheduled through the console beside silences
      await page.goto('/notifications/maintenance');
      await page.getByRole('button', { name: 'Schedule maintenance' }).click();
      const form = page.getByRole('form', { name: 'Maintenance window' });
      await form.getByLabel('Title').fill(`${name} backup window`);
      await form.getByRole('button', { name: /Starts$/ }).click();
      await page.getByRole('option', { name: 'Now (this minute)', exact: true }).click();
      await form.getByRole('button', { name: /Repeats$/ }).click();
      await page.getByRole('option', { name: 'Daily', exact: true }).click();
      await form.getByLabel('Search').fill(`${name}-beat`);
      await form.getByRole('button', { name: /Resource$/ }).click();
      await page.getByRole('option', { name: `${name}-beat`, exact: true }).click();
      await form.getByRole('button', { name: 'Schedule' }).click();
      const row = page.getByRole('row').filter({ hasText: `${name} backup window` });
      await expect(row).toContainText('In maintenance');
      await expect(row).toContainText('FREQ=DAILY');

      // one good call then silence again: the new failure is held, named by the window, nothing sent
      const sent = local.received.length;
      expect((await page.request.post(path)).status()).toBe(200);
      await expect
        .poll(
          async () =>
            (
              await (
                await page.request.get(
                  `/api/db/notification_send_history?resource_id=eq.${checkId}&maintenance_window_id=not.is.null&select=status`,
                )
              ).json()
            ).length,
          { timeout: 90_000 },
        )
        .toBeGreaterThan(0);
      expect(local.received.length).toBe(sent);
      // the failures inside the window leave the check's uptime: read over the window's time only (it starts at
      // the top of the minute it was scheduled in; the failures before it, since the first alert, still count)
      const windows = (await (await page.request.get('/api/maintenance')).json()) as {
        windows: { title: string; starts_at: string }[];
      };
      const startsAt = Date.parse(windows.windows.find((w) => w.title === `${name} backup window`)?.starts_at ?? '');
      const seconds = Math.min(50, Math.floor((Date.now() - startsAt) / 1000) - 1);
      expect(seconds).toBeGreaterThan(0);
      const summary = await page.request.post('/api/canary/api/summary', {
        data: { checkID: checkId, start: `${seconds}s` },
      });
      const uptime = (await summary.json()).checks_summary[0].uptime;
      expect(uptime.failed).toBe(0);
      // the check's graph shades the window (at this height the chart sits in the Graph tab)
      await page.goto(`/health?checkId=${checkId}&timeRange=15m`);
      await modal.getByRole('tab', { name: 'Graph' }).click();
      await expect(modal.getByRole('list', { name: 'Chart legend' })).toContainText('Maintenance');
      await expect(modal.getByRole('img', { name: 'Uptime and latency chart' }).locator('canvas')).toBeVisible();
    } finally {
      local.server.close();
    }
  });
});
