import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/** A live component of the topology for the page to show, through the data API (editors write topologies). */
async function createComponent(request: APIRequestContext, name: string, journey: string): Promise<string> {
  const created = await request.post('/api/db/components', {
    headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
    data: { name, external_id: name, type: 'Service', status: 'healthy', labels: { journey } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [row] = (await created.json()) as { id: string }[];
  if (!row) throw new Error('the component was not answered');
  return row.id;
}

/** An incident whose evidence names the component (the page shows public incidents of its services). */
async function declareIncident(request: APIRequestContext, title: string, componentId: string): Promise<string> {
  const json = { 'Content-Type': 'application/json' };
  const incident = await request.post('/api/incidents', {
    headers: json,
    data: { title, type: 'availability', severity: 'high' },
  });
  expect(incident.status(), await incident.text()).toBe(201);
  const { id } = (await incident.json()) as { id: string };
  const hypothesis = await request.post(`/api/incidents/${id}/hypotheses`, { headers: json, data: { title: 'Cause' } });
  const { id: hypothesisId } = (await hypothesis.json()) as { id: string };
  const evidence = await request.post(`/api/incidents/${id}/evidences`, {
    headers: json,
    data: { hypothesis_id: hypothesisId, type: 'topology', component_id: componentId },
  });
  expect(evidence.status(), await evidence.text()).toBe(201);
  return id;
}

/**
 * [STATUS PAGES] an editor builds a status page from the topology in the console, a stranger with no
 * session opens it, the editor marks an incident public and posts a public update, and the stranger
 * sees both — and never the private comment beside them.
 */
test.describe('[STATUS PAGES] editor publishes, stranger reads', () => {
  test.use({ role: 'editor' });

  test('create a page from the topology, read it anonymously, see a public incident and its update', async ({
    page,
    signedIn,
    browser,
  }, testInfo) => {
    test.setTimeout(300_000); // generous: on a loaded machine each page load can take many seconds
    expect(signedIn).toBe(true);
    const journey = `e2e-${Date.now()}`;
    const componentName = `Checkout ${journey}`;
    const componentId = await createComponent(page.request, componentName, journey);

    await page.goto('/status-pages');
    await page.getByRole('link', { name: 'New status page' }).click();
    await page.getByLabel('Title *').fill('Shop status');
    await page.getByLabel(/Slug/).fill(journey);
    await page.getByLabel('Labels (key=value, all must match)').first().fill(`journey=${journey}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('region', { name: 'Preview' }).getByText(componentName)).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('link', { name: `Open /status/${journey}` })).toBeVisible();

    const stranger = await browser.newContext({ colorScheme: 'light' });
    const reader = await stranger.newPage();
    await reader.goto(`/status/${journey}`);
    await expect(reader.getByRole('heading', { name: 'Shop status' })).toBeVisible();
    await expect(reader.getByText(componentName)).toBeVisible();
    await expect(reader.getByText('No incidents reported.')).toBeVisible();

    const title = `Checkout errors ${journey}`;
    const incidentId = await declareIncident(page.request, title, componentId);
    await page.goto(`/incidents/${incidentId}`);
    // the box shows the stored value: it turns checked once the save is read back
    await page.getByLabel('Public on status pages').click();
    await expect(page.getByLabel('Public on status pages')).toBeChecked();
    await page.getByRole('textbox', { name: 'Comment' }).fill('We are looking into failed checkouts.');
    await page.getByLabel(/Public update/).check();
    await page.getByRole('button', { name: 'Comment' }).click();
    const comments = page.getByRole('region', { name: 'Comments' });
    await expect(comments.getByText('We are looking into failed checkouts.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Comment' }).fill(`internal note ${journey}`);
    await page.getByRole('button', { name: 'Comment' }).click();
    await expect(comments.getByText(`internal note ${journey}`)).toBeVisible();

    // the page is served from a 10 s cache: the stranger reloads until the incident is there
    await expect(async () => {
      await reader.reload();
      await expect(reader.getByText(title)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000, intervals: [2_000] });
    await expect(reader.getByText('We are looking into failed checkouts.')).toBeVisible();
    await expect(reader.getByText(`internal note ${journey}`)).toHaveCount(0);
    await reader.screenshot({ path: testInfo.outputPath('status-page-light.png'), fullPage: true });
    await reader.emulateMedia({ colorScheme: 'dark' });
    await reader.screenshot({ path: testInfo.outputPath('status-page-dark.png'), fullPage: true });
    await stranger.close();
  });
});
