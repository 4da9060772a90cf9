import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/sign-in.js';

/** A local HTTP target the playbooks call; it records each request's path and body. */
async function target(): Promise<{ server: Server; base: string; hits: { url: string; body: string }[] }> {
  const hits: { url: string; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += String(chunk);
    });
    request.on('end', () => {
      hits.push({ url: request.url ?? '', body });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so the address is an object
  return { server, base: `http://127.0.0.1:${port}`, hits };
}

/**
 * [PLAYBOOKS] an admin runs a parameterised exec playbook on a catalog item from its Playbooks tab,
 * watches its live log stream in and sees it complete with the stored output and its timeline; runs a
 * parameterised http playbook from /playbooks; a second playbook needs approval and an editor (a listed
 * approver) approves it; a viewer sees the playbooks, the runs and a run's page but no Run, Approve or
 * Cancel. (scripts/e2e.mjs starts the server with MC_EXEC_CHECKS=on for the exec playbook.)
 */
test.describe('[PLAYBOOKS] run, approve, read-only viewer', () => {
  test.use({ role: 'admin' });

  test('runs a playbook, approves another, and a viewer cannot run', async ({ page, signedIn, browser }) => {
    test.setTimeout(180_000);
    expect(signedIn).toBe(true);
    const local = await target();
    const stamp = Date.now();
    try {
      const create = async (name: string, spec: Record<string, unknown>) => {
        const response = await page.request.post('/api/db/playbooks', {
          headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
          data: { name, spec },
        });
        expect(response.status(), await response.text()).toBe(201);
      };
      await create(`e2e-restart-${stamp}`, {
        title: `Restart ${stamp}`,
        category: 'E2E',
        parameters: [{ name: 'reason', label: 'Reason', required: true, properties: { minLength: 3 } }],
        actions: [
          { name: 'call', http: { url: `${local.base}/restart`, method: 'POST', body: '{{ .params.reason }}' } },
        ],
      });
      await create(`e2e-approve-${stamp}`, {
        title: `Approved ${stamp}`,
        category: 'E2E',
        approval: { type: 'any', approvers: { people: ['e2e-editor@example.com'] } },
        actions: [{ name: 'call', http: { url: `${local.base}/approved` } }],
      });

      // an exec playbook on a catalog item of the demo data, run from the item's Playbooks tab
      const items = await page.request.get(
        '/api/db/config_items?select=id,name&deleted_at=is.null&order=name.asc&limit=1',
      );
      const [item] = (await items.json()) as { id: string; name: string }[];
      expect(item, 'the demo data has a catalog item').toBeTruthy();
      const itemId = item?.id ?? '';
      await create(`e2e-exec-${stamp}`, {
        title: `Count ${stamp}`,
        category: 'E2E',
        configs: [{ name: item?.name }],
        parameters: [{ name: 'who', label: 'Who', required: true }],
        actions: [
          {
            name: 'count',
            exec: {
              script: 'for i in 1 2 3 4 5 6; do echo "step $i for $WHO"; sleep 1; done',
              env: { WHO: '{{ .params.who }}' },
            },
          },
        ],
      });
      await page.goto(`/catalog/${itemId}/playbooks`);
      await page.getByRole('button', { name: `Run Count ${stamp}` }).click();
      await page.getByLabel('Who').fill('ops');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      const execRunUrl = page.url();
      const live = page.getByTestId('run-live-log');
      await expect(live).toContainText('step 2 for ops', { timeout: 30_000 });
      await expect(page.getByTestId('run-status')).not.toHaveText('Completed'); // seen while it runs
      await expect(page.getByTestId('run-status')).toHaveText('Completed', { timeout: 30_000 });
      await expect(page.getByLabel('count stdout')).toContainText('step 6 for ops');
      await expect(live).toHaveCount(0);
      const timeline = page.getByRole('list', { name: 'Timeline' });
      await expect(timeline.getByRole('listitem')).toHaveCount(3);
      await expect(timeline.getByRole('listitem').last()).toContainText('Completed');

      await page.goto('/playbooks');
      await page.getByRole('button', { name: `Run Restart ${stamp}` }).click();
      await page.getByLabel('Reason').fill('disk full');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('run-status')).toHaveText('Completed', { timeout: 30_000 });
      expect(local.hits.find((h) => h.url === '/restart')?.body).toBe('disk full');

      await page.goto('/playbooks');
      await page.getByRole('button', { name: `Run Approved ${stamp}` }).click();
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByTestId('run-status')).toHaveText('Pending approval', { timeout: 15_000 });
      const runUrl = page.url();

      const editorContext = await browser.newContext({ baseURL: new URL(runUrl).origin });
      const editor = await editorContext.newPage();
      await signIn(editor, { role: 'editor' });
      await editor.goto(runUrl);
      await editor.getByRole('button', { name: 'Approve' }).click();
      await expect(editor.getByTestId('run-status')).toHaveText('Completed', { timeout: 30_000 });
      await expect(editor.getByTestId('run-approvers')).not.toHaveText('—');
      expect(local.hits.some((h) => h.url === '/approved')).toBe(true);
      await editorContext.close();

      const viewerContext = await browser.newContext({ baseURL: new URL(runUrl).origin });
      const viewer = await viewerContext.newPage();
      await signIn(viewer, { role: 'viewer' });
      await viewer.goto('/playbooks');
      await expect(viewer.getByText(`Restart ${stamp}`)).toBeVisible();
      await expect(viewer.getByRole('button', { name: `Run Restart ${stamp}` })).toHaveCount(0);
      await viewer.goto('/playbooks/runs');
      await expect(viewer.getByRole('link', { name: `Approved ${stamp}` }).first()).toBeVisible();
      await viewer.goto(execRunUrl);
      await expect(viewer.getByTestId('run-status')).toHaveText('Completed');
      await expect(viewer.getByLabel('count stdout')).toContainText('step 6 for ops');
      await expect(viewer.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
      await viewer.goto(`/catalog/${itemId}/playbooks`);
      await expect(viewer.getByRole('link', { name: `Count ${stamp}` })).toBeVisible();
      await expect(viewer.getByRole('button', { name: `Run Count ${stamp}` })).toHaveCount(0);
      await viewerContext.close();
    } finally {
      local.server.close();
    }
  });
});
