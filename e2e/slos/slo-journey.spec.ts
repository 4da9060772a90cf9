import { expect, test } from '../support/fixtures.js';

/**
 * [SLOS] an editor opens a check's modal, adds an availability SLO there, sees its measured level and
 * budget left, opens the budget-over-time chart, and downloads the month's report; the panel is
 * captured in the light and the dark theme (docs/slo.md).
 */
test.describe('[SLOS] SLO on a check', () => {
  test.use({ role: 'editor' });

  test('add an SLO in the check modal, read its budget and history, download the report', async ({
    page,
    signedIn,
  }, testInfo) => {
    test.setTimeout(180_000);
    expect(signedIn).toBe(true);
    const checks = await page.request.get('/api/db/checks?select=id,name&deleted_at=is.null&order=name&limit=1');
    const [check] = (await checks.json()) as { id: string; name: string }[];
    if (!check) throw new Error('the demo data holds no check');
    const name = `Availability e2e-${Date.now()}`;

    await page.goto(`/health?checkId=${check.id}`);
    const panel = page.getByRole('region', { name: 'SLOs' });
    await panel.getByRole('button', { name: 'Add SLO' }).click();
    await panel.getByLabel('Name').fill(name);
    await panel.getByLabel('Target (%)').fill('99.5');
    await panel.getByRole('button', { name: /Window$/ }).click();
    await page.getByRole('option', { name: '7 days', exact: true }).click();
    await panel.getByRole('button', { name: 'Save SLO' }).click();
    await expect(panel.getByRole('button', { name })).toBeVisible();
    await expect(panel.getByText('99.5% available over 7 days')).toBeVisible();
    await expect(panel.getByText(/Budget left/)).toBeVisible();

    await panel.getByRole('button', { name }).click();
    await expect(
      panel.getByRole('img', { name: 'Error budget over time' }).or(panel.getByText('No runs measured')),
    ).toBeVisible();

    const period = new Date().toISOString().slice(0, 7);
    const report = await page.request.get(`/api/slos/report?period=${period}&format=csv`);
    expect(report.status()).toBe(200);
    expect(await report.text()).toContain(name);

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await panel.screenshot({ path: testInfo.outputPath(`slo-panel-${theme}.png`) });
    }
  });
});
