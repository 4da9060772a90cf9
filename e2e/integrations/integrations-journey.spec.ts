import { parse } from 'yaml';
import { expect, test } from '../support/fixtures.js';

/**
 * [INTEGRATIONS] an admin generates the Flux output of the Prometheus chart with an edited value,
 * downloads the kubeconfig and lists canaries with its token the way kubectl does, and registers an
 * agent.
 */
test.describe('[INTEGRATIONS] the Add Integration wizard, the kubeconfig and agents', () => {
  test('an admin generates Flux output for Prometheus, downloads the kubeconfig and registers an agent', async ({
    page,
    context,
    signedIn,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    expect(signedIn).toBe(true);

    await page.goto('/settings/integrations');
    await expect(page.getByRole('columnheader', { name: 'Last Status' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Integration' }).click();
    const grid = page.getByRole('dialog', { name: 'Add Integration' });
    await expect(grid.getByRole('heading', { name: 'Add via GitOps' })).toBeVisible();
    await grid.getByRole('button', { name: /^Prometheus/ }).click();
    const wizard = page.getByRole('dialog', { name: 'Add Integration Prometheus' });
    await wizard.getByLabel('Namespace').fill('monitoring');
    const values = wizard.getByRole('textbox', { name: 'Values' });
    await values.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('url: http://prometheus.e2e.svc:9090\n');
    const flux = wizard.getByLabel('Flux output');
    await expect(flux).toContainText('kind: HelmRelease');
    await expect(flux).toContainText('url: http://prometheus.e2e.svc:9090');
    await expect(flux).toContainText('namespace: monitoring');
    await wizard.getByRole('tab', { name: 'Helm CLI' }).click();
    await expect(wizard.getByLabel('Helm CLI output')).toContainText(
      'helm upgrade --install mission-control-prometheus',
    );
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Download kubeconfig' }).click();
    const modal = page.getByRole('dialog', { name: 'Download and install kubeconfig' });
    // The button opens GET /api/kubeconfig in a new tab, which Chromium turns into a download and
    // closes at once; the answer is read where it passes, then the file is asked again to parse it.
    const answered = context.waitForEvent('response', (response) => response.url().endsWith('/api/kubeconfig'));
    await modal.getByRole('button', { name: 'Download kubeconfig' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-disposition']).toContain('mission-control.kubeconfig');
    const again = await page.request.get('/api/kubeconfig');
    expect(again.status()).toBe(200);
    const kubeconfig = parse(await again.text());
    const server = String(kubeconfig.clusters[0].cluster.server);
    const token = String(kubeconfig.users[0].user.token);
    expect(server).toMatch(/\/api\/k8s$/);
    const listed = await page.request.get(`${server}/apis/canaries.flanksource.com/v1/canaries`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { kind: string }).kind).toBe('CanaryList');
    await modal.getByRole('button', { name: 'Close' }).click();

    const agent = `e2e-int-agent-${Date.now()}`;
    await page.goto('/settings/agents');
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const add = page.getByRole('dialog', { name: 'Add Agent' });
    await add.getByLabel('Name *', { exact: true }).fill(agent);
    await add.getByRole('button', { name: 'Generate' }).click();
    const done = page.getByRole('dialog', { name: `Agent ${agent} registered` });
    await expect(done.getByLabel('Token', { exact: true })).toHaveValue(/^mca_/);
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('cell', { name: agent, exact: true })).toBeVisible();
    expect(consoleErrors.list).toEqual([]);
  });
});
