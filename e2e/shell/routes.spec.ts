import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { type ConsoleErrors, collectConsoleErrors, expect, signInAs, test } from '../support/fixtures.js';
import { ROUTES, type RouteCase } from '../support/routes.js';

/** The route's path with `{id}` replaced by a record of the demo data (see RouteCase.seededFrom). */
async function pathOf(route: RouteCase, request: APIRequestContext): Promise<string> {
  if (!route.seededFrom) return route.path;
  const response = await request.get(route.seededFrom);
  expect(response.ok(), `${route.seededFrom} answers`).toBe(true);
  const body = (await response.json()) as { data: { id: string }[] } | { id: string }[];
  const id = (Array.isArray(body) ? body : body.data)[0]?.id;
  expect(id, `the demo data has a record for ${route.path}`).toBeTruthy();
  return route.path.replace('{id}', String(id));
}

const UNAUTHORIZED = 'Unauthorized – You do not have permission to access this page';

test.describe('[SHELL] every route resolves (admin)', () => {
  // One signed-in page for every route: a fresh browser context per route paid a sign-in and the
  // console's cold load (bundle fetched and compiled again) each time. Each route is still a full
  // page load (page.goto) with its own console-error record. A failed route restarts the worker,
  // and with it this page, so the next route starts clean.
  let shared: { context: BrowserContext; page: Page; signedIn: boolean; consoleErrors: ConsoleErrors };
  test.beforeAll(async ({ browser }, workerInfo) => {
    const { baseURL, viewport } = workerInfo.project.use;
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    shared = { context, page, consoleErrors: collectConsoleErrors(page), signedIn: await signInAs(page, 'admin') };
  });
  test.afterAll(async () => {
    await shared?.context.close();
  });

  for (const route of ROUTES) {
    test(`${route.path} shows ${String(route.heading)}`, async () => {
      const { page, signedIn, consoleErrors } = shared;
      consoleErrors.list = [];
      expect(signedIn).toBe(true);
      test.fixme(Boolean(route.knownIssue), route.knownIssue);
      await page.goto(await pathOf(route, page.request));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      if (route.landsOn) expect(new URL(page.url()).pathname).toBe(route.landsOn);
      await expect(page).toHaveTitle(/ \| Mission Control$/);
      await expect(page.getByText(UNAUTHORIZED)).toHaveCount(0);
      const standalone = route.path.startsWith('/view/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(standalone ? 0 : 1);
      if (route.screen) await page.screenshot({ path: `e2e/artifacts/screens/${route.screen}.png`, fullPage: true });
      expect(consoleErrors.list).toEqual([]);
    });
  }
});

test.describe('[SHELL] a viewer sees each page or the Unauthorized page', () => {
  test.use({ role: 'viewer' });
  test('every route for a viewer', async ({ page, signedIn, consoleErrors }) => {
    // one test walks every route (about 40 page loads): 15 s on a quiet machine, more on a loaded one
    test.setTimeout(180_000);
    expect(signedIn).toBe(true);
    for (const route of ROUTES.filter((candidate) => !candidate.knownIssue)) {
      await page.goto(await pathOf(route, page.request));
      if (route.viewer === 'unauthorized') await expect(page.getByText(UNAUTHORIZED), route.path).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 }), route.path).toHaveText(route.heading);
    }
    await page.goto('/topology');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Health/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Settings/ })).toHaveCount(
      0,
    );
    // what the viewer's log picker offered, named in the failure (a stored backend left by another journey)
    const backends = consoleErrors.list.some((line) => line.includes('/api/logs'))
      ? await (await page.request.get('/api/logs/backends')).text()
      : '';
    expect(consoleErrors.list, backends).toEqual([]);
  });
});

test.describe('[SHELL] in-app navigation', () => {
  test('the sidebar opens the health page', async ({ page, signedIn, consoleErrors }) => {
    expect(signedIn).toBe(true);
    await page.goto('/topology');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Health/ })
      .click();
    await expect(page).toHaveURL(/\/health$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Health');
    await page.screenshot({ path: 'e2e/artifacts/screens/health.png', fullPage: true });
    expect(consoleErrors.list).toEqual([]);
  });
});

test.describe('[SHELL] without a session', () => {
  test('a page sends the browser to the auth-state-checker route with return_to', async ({ page }) => {
    await page.goto('/incidents?status=open');
    await expect(page).toHaveURL(/\/auth-state-checker\?return_to=%2Fincidents%3Fstatus%3Dopen|\/login/);
  });
});
