import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.js';

/** A local server the journey controls: a check target (200 while healthy, 500 after) and a webhook inbox. */
async function localServer(): Promise<{
  server: Server;
  base: string;
  inbox: unknown[];
  setHealthy: (ok: boolean) => void;
}> {
  let healthy = true;
  const inbox: unknown[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += String(chunk);
    });
    request.on('end', () => {
      if (request.url?.startsWith('/hook')) {
        inbox.push(JSON.parse(body || '{}'));
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{}');
        return;
      }
      response.writeHead(healthy ? 200 : 500, { 'Content-Type': 'text/plain' });
      response.end(healthy ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so the address is an object
  return { server, base: `http://127.0.0.1:${port}`, inbox, setHealthy: (ok) => (healthy = ok) };
}

/**
 * [NOTIFICATIONS] an admin is told about a failing check and silences it: a generic-webhook connection to
 * a local server (added in the connections form) and a rule on check failures (written in the rule
 * editor), the check fails, the message arrives and its history row shows; a silence is added from that
 * row with its preview; the next failure is recorded as silenced and nothing more arrives.
 */
test.describe('[NOTIFICATIONS] rules, delivery and silences', () => {
  test.use({ role: 'admin' });

  test('a failing check is delivered to a webhook, then silenced from its history row', async ({ page, signedIn }) => {
    test.setTimeout(240_000);
    expect(signedIn).toBe(true);
    const local = await localServer();
    const name = `e2e-notify-${Date.now()}`;
    try {
      // the connection through the console's form: pick the type, fill the target, save (001 §3)
      await page.goto('/settings/connections');
      await page.getByRole('button', { name: 'Add Connection' }).click();
      const picker = page.getByRole('dialog', { name: 'Add Connection' });
      await picker.getByRole('searchbox', { name: 'Search connection types' }).fill('webhook');
      await picker.getByRole('button', { name: /^Generic Webhook/ }).click();
      const form = page.getByRole('dialog', { name: 'Add Generic Webhook connection' });
      await form.getByLabel('Name *', { exact: true }).fill(`${name}-hook`);
      await form.getByLabel(/^URL/).fill(`${local.base}/hook`);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`${name}-hook created successfully`)).toBeVisible();
      await expect(page.getByRole('cell', { name: `${name}-hook`, exact: true })).toBeVisible();

      const canary = await page.request.post('/api/canaries', {
        headers: { 'Content-Type': 'application/json' },
        data: {
          apiVersion: 'canaries.flanksource.com/v1',
          kind: 'Canary',
          metadata: { name, namespace: 'e2e' },
          spec: {
            schedule: '@every 5s',
            http: [{ name: `${name}-api`, url: `${local.base}/health`, responseCodes: [200] }],
          },
        },
      });
      expect(canary.status(), await canary.text()).toBe(201);

      await page.goto('/notifications/rules');
      await page.getByRole('button', { name: 'Add Rule' }).click();
      const yaml = [
        'apiVersion: mission-control.flanksource.com/v1',
        'kind: Notification',
        'metadata:',
        `  name: ${name}`,
        'spec:',
        '  events: [check.failed]',
        `  filter: "check.name == '${name}-api'"`,
        '  to:',
        `    connection: connection://default/${name}-hook`,
        '',
      ].join('\n');
      await page.getByRole('textbox', { name: 'Notification rule' }).fill(yaml);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`${name} saved successfully`)).toBeVisible();
      await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

      // the check turns healthy first, then fails: one message arrives and the history shows it
      await expect.poll(() => local.inbox.length, { timeout: 5_000 }).toBe(0);
      await page.waitForTimeout(7_000);
      local.setHealthy(false);
      await expect.poll(() => local.inbox.length, { timeout: 90_000 }).toBe(1);
      expect(local.inbox[0]).toMatchObject({ title: `Check ${name}-api is unhealthy` });
      await page.goto('/notifications');
      const row = page.getByRole('row').filter({ hasText: name }).first();
      await expect(row).toContainText('Sent');

      // a silence from the row, with its preview, then the next failure is silenced
      await row.getByRole('link', { name: 'Silence' }).click();
      await expect(page.getByText(/Would have suppressed 1 message in the last 7 days/)).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole('list', { name: 'Covered resources' })).toContainText(`${name}-api`);
      await page.getByRole('textbox', { name: 'Reason' }).fill('e2e maintenance');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/notifications\/silences$/);
      await expect(page.getByRole('row').filter({ hasText: 'e2e maintenance' })).toContainText('Indefinitely');

      local.setHealthy(true);
      await page.waitForTimeout(12_000);
      local.setHealthy(false);
      await page.goto('/notifications?status=silenced');
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('row').filter({ hasText: name }).first()).toContainText('Silenced');
      }).toPass({ timeout: 90_000 });
      expect(local.inbox).toHaveLength(1);
    } finally {
      await new Promise((resolve) => local.server.close(resolve));
    }
  });
});
