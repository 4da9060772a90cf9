import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from '../support/fixtures.js';

/** A port nothing listens on: bound then closed, so an HTTP check against it fails. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo; // listening on TCP, so the address is an object
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** An admin (in its own browser context) creates a canary whose one check fails from its first run. */
async function createFailingCanary(page: Page, name: string): Promise<void> {
  const admin = await page.context().browser()?.newContext();
  if (!admin) throw new Error('no browser to open an admin context');
  try {
    const adminPage = await admin.newPage();
    expect(await signInAs(adminPage, 'admin')).toBe(true);
    const created = await adminPage.request.post('/api/canaries', {
      headers: { 'Content-Type': 'application/json' },
      data: {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name, namespace: 'e2e' },
        spec: {
          schedule: '@every 1m',
          http: [{ name: `${name}-checkout`, url: `http://127.0.0.1:${await closedPort()}/` }],
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await admin.close();
  }
}

/**
 * [INCIDENTS] a responder runs an incident from a failing check: opens the check on /health, attaches
 * it as evidence to a new incident through the Link to Incident dialog (its validation messages show
 * while fields are missing), follows the toast to the incident, adds a factor hypothesis, marks the
 * evidence done, comments, moves the incident to mitigated then resolved, and reads each step with who
 * and when on the timeline. A viewer then reads all of it and finds no write control.
 */
test.describe('[INCIDENTS] responder works an incident', () => {
  test.use({ role: 'responder' });

  test('links a failing check, investigates, resolves, and reads the timeline; a viewer only reads', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    expect(signedIn).toBe(true);
    const name = `e2e-incident-${Date.now()}`;
    const checkName = `${name}-checkout`;
    const title = `E2E ${name} checkout failing`;
    await createFailingCanary(page, name);

    // the failing check on the dashboard (Hide Passing is on: failing checks stay)
    await page.goto(`/health?query=${name}&refresh=5s`);
    const link = page.getByRole('table', { name: 'Health checks' }).getByRole('link', { name: checkName, exact: true });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await link.click();
    const check = page.getByRole('dialog', { name: new RegExp(checkName) });
    await check.getByRole('button', { name: 'Attach as Evidence' }).click();

    const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
    await expect(dialog.getByRole('button', { name: /Type$/ })).toHaveText('Availability');
    await expect(dialog.getByRole('button', { name: /Severity$/ })).toHaveText('Low');
    await dialog.getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: '—', exact: true }).click();
    await dialog.getByRole('button', { name: /Severity$/ }).click();
    await page.getByRole('option', { name: '—', exact: true }).click();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(dialog.getByText('Must select or create an incident')).toBeVisible();
    await expect(dialog.getByText('Please select an incident type')).toBeVisible();
    await expect(dialog.getByText('Please select incident severity')).toBeVisible();
    await dialog.getByPlaceholder('Search or create an incident').fill(title);
    await dialog.getByRole('button', { name: `Create new incident "${title}"` }).click();
    await expect(dialog.getByText('Must select or create an incident')).toHaveCount(0);
    await dialog.getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Availability', exact: true }).click();
    await dialog.getByRole('button', { name: /Severity$/ }).click();
    await page.getByRole('option', { name: 'High', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();

    const toast = page.getByText('Linked to incident successfully');
    await expect(toast).toBeVisible();
    await page.locator('[data-sonner-toast]', { hasText: 'Linked to incident successfully' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
    const incidentUrl = page.url();

    const tree = page.getByRole('region', { name: 'Hypotheses' });
    await expect(tree.getByText(new RegExp(`${checkName} — Unhealthy`))).toBeVisible();
    await tree.getByPlaceholder(`Add factor to ${title}`).fill('Connection pool too small');
    await tree.getByRole('button', { name: 'Add' }).first().click();
    await expect(tree.getByText('Connection pool too small', { exact: true })).toBeVisible();
    const done = tree.getByRole('checkbox', { name: 'Done', exact: true });
    await done.click();
    await expect(done).toBeChecked();
    await page.getByRole('textbox', { name: 'Comment', exact: true }).fill('Rolled back the deploy');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Comments' }).getByText('Rolled back the deploy')).toBeVisible();
    const status = page.getByRole('region', { name: 'Incident' }).getByRole('button', { name: / Status$/ });
    await status.click();
    await page.getByRole('option', { name: 'Mitigated', exact: true }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByText('Status changed from open to mitigated')).toBeVisible();
    await status.click();
    await page.getByRole('option', { name: 'Resolved', exact: true }).click();
    await expect(timeline.getByText('Status changed from mitigated to resolved')).toBeVisible();

    // every step on the timeline, each with who (the responder) and when (a timestamp)
    for (const step of [
      'created',
      'Attached check evidence',
      "Added factor hypothesis 'Connection pool too small'",
      'as done',
      'Rolled back the deploy',
      'Status changed from open to mitigated',
      'Status changed from mitigated to resolved',
    ]) {
      const entry = timeline.getByRole('listitem').filter({ hasText: step }).first();
      await expect(entry).toBeVisible();
      await expect(entry).toContainText('E2E responder');
      await expect(entry).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    }
    await page.screenshot({ path: 'e2e/artifacts/screens/incident-detail.png', fullPage: true });
    expect(consoleErrors.list).toEqual([]);

    // a viewer reads everything and finds no write control
    const viewerContext = await page.context().browser()?.newContext();
    if (!viewerContext) throw new Error('no browser to open a viewer context');
    try {
      const viewer = await viewerContext.newPage();
      expect(await signInAs(viewer, 'viewer')).toBe(true);
      await viewer.goto(incidentUrl);
      await expect(viewer.getByRole('heading', { name: title })).toBeVisible();
      await expect(viewer.getByRole('region', { name: 'Incident' })).toContainText('Resolved');
      const viewerTree = viewer.getByRole('region', { name: 'Hypotheses' });
      await expect(viewerTree.getByText('Connection pool too small', { exact: true })).toBeVisible();
      await expect(viewerTree.getByText(new RegExp(`${checkName} — Unhealthy`))).toBeVisible();
      await expect(viewer.getByRole('region', { name: 'Comments' }).getByText('Rolled back the deploy')).toBeVisible();
      await expect(
        viewer.getByRole('region', { name: 'Timeline' }).getByText('Status changed from mitigated to resolved'),
      ).toBeVisible();
      for (const region of ['Incident', 'Hypotheses', 'Comments', 'Responders']) {
        await expect(
          viewer.getByRole('region', { name: region }).locator('button:enabled, input, select, textarea'),
        ).toHaveCount(0);
      }
    } finally {
      await viewerContext.close();
    }
  });
});
