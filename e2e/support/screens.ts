import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The console's two themes; a journey picks one through the OS preference the default 'System' follows. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** One main screen: its file-safe name, whether it needs a session, and how to reach it ready. */
export interface Screen {
  name: string;
  signedIn: boolean;
  open: (page: Page) => Promise<void>;
}

interface Row {
  id: string;
}

async function firstId(page: Page, path: string): Promise<string> {
  const answer = await page.request.get(path);
  const body = (await answer.json()) as Row[] | { data: Row[] };
  const rows = Array.isArray(body) ? body : body.data;
  const id = rows[0]?.id;
  if (!id) throw new Error(`the demo data holds nothing at ${path}`);
  return id;
}

async function heading(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
}

/** Waits until no skeleton or busy table is left on the page. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Waits until nothing inside the first element `selector` names (else the page) has changed for `quietMs`,
 * or `capMs` have passed: for a scan that must not see a re-render halfway.
 */
async function unchangedFor(page: Page, selector: string, quietMs: number, capMs: number): Promise<void> {
  await page.evaluate(
    ({ selector, quietMs, capMs }) =>
      new Promise<void>((resolve) => {
        const within = document.querySelector(selector) ?? document.body;
        const done = () => {
          observer.disconnect();
          clearTimeout(cap);
          resolve();
        };
        let quiet = setTimeout(done, quietMs);
        const cap = setTimeout(done, capMs);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, quietMs);
        });
        observer.observe(within, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    { selector, quietMs, capMs },
  );
}

async function settingsPage(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await heading(page, title);
  await settled(page);
}

/**
 * The main screens of the console, seeded by the demo data the journeys' server starts with: sign-in,
 * health and a check's modal, the command palette, incidents and one incident, the settings pages, the catalog and
 * the topology. The axe scan and the screenshots both use it.
 */
export const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    signedIn: false,
    open: async (page) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    },
  },
  {
    name: 'health',
    signedIn: true,
    open: async (page) => {
      await page.goto('/health');
      await heading(page, 'Health');
      await expect(page.locator('[data-check-id]').first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'check-modal',
    signedIn: true,
    open: async (page) => {
      const id = await firstId(page, '/api/db/checks?select=id&deleted_at=is.null&order=name.asc&limit=1');
      await page.goto(`/health?checkId=${id}&timeRange=1h`);
      await expect(page.getByRole('table', { name: 'Check history' })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'command-palette',
    signedIn: true,
    open: async (page) => {
      await page.goto('/health');
      await heading(page, 'Health');
      await settled(page);
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await expect(palette).toBeVisible();
      await page.keyboard.type('pay');
      await expect(palette.getByRole('menuitem', { name: /payments/i }).first()).toBeVisible();
      await expect(palette.getByText('Searching…')).toHaveCount(0);
      // the results re-render as each read answers: scan once the palette has stopped changing for 500 ms
      // (at most 5 s) and the search box's references point at what is drawn
      await unchangedFor(page, '[role="dialog"]', 500, 5_000);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const box = document.activeElement;
            const ids = ['aria-activedescendant', 'aria-controls'].flatMap(
              (name) => box?.getAttribute(name)?.split(/\s+/).filter(Boolean) ?? [],
            );
            return ids.every((id) => document.getElementById(id) !== null);
          }),
        )
        .toBe(true);
    },
  },
  {
    name: 'incidents',
    signedIn: true,
    open: async (page) => {
      await page.goto('/incidents');
      await heading(page, 'Incidents');
      await expect(page.locator('tbody tr').first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'incident-detail',
    signedIn: true,
    open: async (page) => {
      const id = await firstId(page, '/api/incidents?pageSize=1&sortBy=created_at&sortOrder=desc');
      await page.goto(`/incidents/${id}`);
      await expect(page.getByRole('region', { name: 'Comments' })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'settings-connections',
    signedIn: true,
    open: (page) => settingsPage(page, '/settings/connections', 'Connections'),
  },
  {
    name: 'settings-health-checks',
    signedIn: true,
    open: (page) => settingsPage(page, '/settings/canaries', 'Health Checks'),
  },
  { name: 'settings-users', signedIn: true, open: (page) => settingsPage(page, '/settings/users', 'Users') },
  { name: 'settings-teams', signedIn: true, open: (page) => settingsPage(page, '/settings/teams', 'Teams') },
  {
    name: 'settings-permissions',
    signedIn: true,
    open: (page) => settingsPage(page, '/settings/permissions', 'Permissions'),
  },
  {
    name: 'settings-jobs-history',
    signedIn: true,
    open: (page) => settingsPage(page, '/settings/jobs', 'Jobs History'),
  },
  {
    name: 'settings-feature-flags',
    signedIn: true,
    open: (page) => settingsPage(page, '/settings/feature-flags', 'Feature Flags'),
  },
  {
    name: 'settings-event-queue',
    signedIn: true,
    open: (page) => settingsPage(page, '/settings/event-queue-status', 'Event Queue'),
  },
  { name: 'settings-agents', signedIn: true, open: (page) => settingsPage(page, '/settings/agents', 'Agents') },
  {
    name: 'catalog',
    signedIn: true,
    open: async (page) => {
      await page.goto('/catalog');
      await expect(page.getByRole('table').first()).toBeVisible();
    },
  },
  {
    name: 'topology',
    signedIn: true,
    open: async (page) => {
      await page.goto('/topology');
      await expect(page.getByRole('main').first()).toBeVisible();
      // the cards, not their skeleton (the light picture of issue 30's walk was taken before they came)
      await expect(page.getByTestId('topology-card').first()).toBeVisible();
      await settled(page);
    },
  },
];

/**
 * Paints `theme` the way a person gets it by default: the console's Theme choice starts at 'System',
 * which follows the operating system's colour scheme, emulated here. Checked on <html data-theme>.
 */
export async function paintTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
}

/** Fails unless the page paints `theme`. */
export async function expectTheme(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}
