import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { expectTheme, paintTheme } from '../support/screens.js';

interface Named {
  id: string;
  name: string;
}

/** The first live row of a data-API table in the demo data, by name. */
async function first(page: Page, table: string): Promise<Named> {
  const answer = await page.request.get(`/api/db/${table}?select=id,name&deleted_at=is.null&order=name.asc&limit=1`);
  expect(answer.status(), await answer.text()).toBe(200);
  const [row] = (await answer.json()) as Named[];
  if (!row) throw new Error(`the demo data holds no ${table}`);
  return row;
}

/** An incident declared through the API: no hypothesis yet, as a fresh incident is. */
async function freshIncident(page: Page, title: string): Promise<string> {
  const created = await page.request.post('/api/incidents', {
    data: { title, type: 'availability', severity: 'low' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const hypotheses = await page.request.get(`/api/incidents/${id}/hypotheses`);
  expect(await hypotheses.json()).toEqual([]);
  return id;
}

/** The places Attach as Evidence is offered, each opened on a demo resource. */
const PLACES: Array<{ name: string; open: (page: Page) => Promise<void> }> = [
  {
    name: 'a catalog item',
    open: async (page) => page.goto(`/catalog/${(await first(page, 'config_items')).id}`).then(() => undefined),
  },
  {
    name: 'a check',
    open: async (page) => {
      await page.goto(`/health?checkId=${(await first(page, 'checks')).id}&timeRange=1h`);
      await expect(page.getByRole('table', { name: 'Check history' })).toBeVisible();
    },
  },
  {
    name: 'a component',
    open: async (page) => page.goto(`/topology/${(await first(page, 'components')).id}`).then(() => undefined),
  },
  { name: 'a catalog change', open: (page) => openFirstRow(page, '/catalog/changes') },
  { name: 'an insight', open: (page) => openFirstRow(page, '/catalog/insights') },
];

/** Opens the detail modal of the first loaded row of a list (not the skeleton's, not the empty state's). */
async function openFirstRow(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page
    .locator('tbody:not([aria-busy]) tr:not([data-spacer])')
    .filter({ hasNot: page.getByTestId('empty-state') })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/**
 * [CONSOLE] the defects a walk of the console found (issue 30), each seen in the real browser against the
 * real server and its demo data (`npm run seed:demo`, which the journeys' server starts with; a fresh data
 * folder is packages/db/src/cli/cli.test.ts's case).
 */
test.describe('[CONSOLE] the defects of the walk', () => {
  for (const [role, place] of [
    ...PLACES.map((p) => ['admin', p] as const),
    // the role that works incidents, not an admin: what it may read is what the link may attach
    ['responder', PLACES[0]] as const,
  ]) {
    if (!place) continue;
    test.describe(`as ${role}`, () => {
      test.use({ role });
      test(`Link to Incident from ${place.name} as ${role} adds a root hypothesis to an incident that has none`, async ({
        page,
        signedIn,
        consoleErrors,
      }) => {
        expect(signedIn).toBe(true);
        const title = `Fresh from ${place.name} ${Date.now()}`;
        const incident = await freshIncident(page, title);
        const links: number[] = [];
        page.on('response', (response) => {
          if (response.url().endsWith('/api/incidents/link')) links.push(response.status());
        });
        await place.open(page);
        await page.getByRole('button', { name: 'Attach as Evidence' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
        await dialog.getByPlaceholder('Search or create an incident').fill(title);
        // the incident the search finds (the list also offers to create a new one by that title), once the
        // debounced search has replaced the unfiltered list: a click while the list re-renders can land on
        // the row that moved under the pointer
        await expect(dialog.getByRole('button', { name: /^INC-\d+ / })).toHaveCount(1);
        await dialog.getByRole('button', { name: new RegExp(`^INC-\\d+ ${title}$`) }).click();
        const hypothesis = dialog.getByRole('button', { name: /Hypothesis$/ });
        await hypothesis.click();
        await page.getByRole('option', { name: 'Create a new root hypothesis' }).click();
        await dialog.getByRole('button', { name: 'Link', exact: true }).click();
        await expect(page.getByText('Linked to incident successfully')).toBeVisible();
        expect(links).toEqual([201]);
        const roots = (await (await page.request.get(`/api/incidents/${incident}/hypotheses`)).json()) as Array<{
          type: string;
          status: string;
        }>;
        expect(roots.map((h) => [h.type, h.status])).toEqual([['root', 'possible']]);
        expect(consoleErrors.list).toEqual([]);
      });
    });
  }

  test('Add Silence offers the future presets, and the silences list names the resource with its icon', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    expect(signedIn).toBe(true);
    await page.goto('/notifications/silences/add');
    await page.getByRole('button', { name: /Until$/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toHaveText('Indefinitely');
    await expect(options).toHaveText([
      'Indefinitely',
      ...[
        '5 minutes',
        '15 minutes',
        '30 minutes',
        '1 hour',
        '3 hours',
        '6 hours',
        '12 hours',
        '24 hours',
        '2 days',
        '7 days',
        '30 days',
        '90 days',
        '6 months',
        '1 year',
        '2 years',
        '5 years',
      ].map((span) => `Next ${span}`),
    ]);
    await page.keyboard.press('Escape');

    const check = await first(page, 'checks');
    const reason = `walk ${Date.now()}`;
    const created = await page.request.post('/api/notification/silence', {
      data: { check_id: check.id, description: reason },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/notifications/silences');
    const row = page.getByRole('row').filter({ hasText: reason });
    const resource = row.getByTitle(`check ${check.name}`);
    await expect(resource).toHaveText(check.name);
    await expect(resource.locator('svg, img').first()).toBeAttached();
    await expect(row.getByText(`check ${check.id.slice(0, 8)}`)).toHaveCount(0);
    expect(consoleErrors.list).toEqual([]);
  });

  test.describe('in the dark theme', () => {
    test.use({ bypassCSP: true });
    test("the editor's keys and the catalog document meet contrast (axe on each)", async ({ page, signedIn }) => {
      await paintTheme(page, 'dark');
      expect(signedIn).toBe(true);
      await page.goto('/settings/canaries');
      await expectTheme(page, 'dark');
      await page.getByRole('link', { name: 'Add Health Check' }).click();
      await page.getByRole('button', { name: /Custom Health Check/ }).click();
      const yaml = ['apiVersion: canaries.flanksource.com/v1', 'kind: Canary', 'metadata:', '  name: contrast'];
      await page
        .getByRole('textbox', { name: 'Code' })
        .fill([...yaml, 'spec:', '  schedule: "@every 5m"  # five', '  http:', '    - name: site', ''].join('\n'));
      await expect(page.locator('.cm-editor .cm-line').filter({ hasText: 'apiVersion' })).toBeVisible();
      expect(await seriousViolations(page, '.cm-editor')).toEqual([]);

      await page.goto(`/catalog/${(await first(page, 'config_items')).id}`);
      await expect(page.getByRole('region', { name: 'Document' })).toBeVisible();
      expect(await seriousViolations(page, '[aria-label="Document"]')).toEqual([]);
    });
  });

  test('the landing page after seed:demo shows the built-in Mission Control card healthy', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn).toBe(true);
    await page.goto('/');
    await expect(page).toHaveURL(/\/topology$/);
    const self = page.getByRole('article', { name: 'Mission Control' });
    await expect(self).toHaveAttribute('data-status', 'healthy', { timeout: 90_000 });
    await expect(self.getByText(/is unhealthy/)).toHaveCount(0);
  });
});
