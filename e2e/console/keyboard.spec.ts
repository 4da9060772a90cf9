import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/**
 * Presses Tab until `target` has the focus, as a keyboard user would, and fails when it is not
 * reached within `limit` presses (so an unreachable control fails the journey instead of hanging).
 */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} within ${limit} presses`);
}

interface IncidentRow {
  id: string;
  incident_id: string;
  title: string;
}

/**
 * [CONSOLE] a person who uses only the keyboard: signs in, opens Health from the sidebar, opens a
 * check's modal and closes it with Escape, jumps to an incident through the command palette
 * (Ctrl-K) and comments on it — Tab, Enter, Escape, arrows and typing only, no clicks.
 */
test.describe('[CONSOLE] keyboard-only journey', () => {
  test('sign-in → health → a check modal → an incident, keyboard only', async ({ page, consoleErrors }) => {
    test.setTimeout(120_000);
    const email = process.env.MC_E2E_ADMIN_EMAIL ?? 'admin@example.com';
    const password = process.env.MC_E2E_ADMIN_PASSWORD ?? 'e2e-Admin-password-1';

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    await tabTo(page, page.getByLabel('ID'));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);

    // Health from the sidebar
    const healthLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Health', exact: true });
    await expect(healthLink).toBeVisible();
    await tabTo(page, healthLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/health/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Health');

    // a check's modal: Enter on its row's link opens it, Escape closes it
    const firstCheck = page.locator('[data-check-id] a').first();
    await expect(firstCheck).toBeVisible();
    const checkName = (await firstCheck.textContent())?.trim() ?? '';
    await tabTo(page, firstCheck, 120);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/checkId=/);
    const modal = page.getByRole('dialog').filter({ hasText: checkName });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('table', { name: 'Check history' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page).not.toHaveURL(/checkId=/);

    // an incident, through the command palette
    const answer = await page.request.get('/api/incidents?pageSize=1&sortBy=created_at&sortOrder=desc');
    const incident = ((await answer.json()) as { data: IncidentRow[] }).data[0];
    if (!incident) throw new Error('the demo data holds no incident');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await page.keyboard.type(incident.title);
    const result = palette.getByRole('menuitem', { name: new RegExp(incident.incident_id) });
    await expect(result).toBeVisible();
    // the highlighted line moves with the arrows; Enter opens the one highlighted
    for (let step = 0; step < 20; step += 1) {
      if ((await result.getAttribute('data-focused')) !== null) break;
      await page.keyboard.press('ArrowDown');
    }
    await expect(result).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/incidents/${incident.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(incident.title);

    // a comment, typed and sent from the keyboard; an empty one says why nothing happened
    const comments = page.getByRole('region', { name: 'Comments' });
    const send = comments.getByRole('button', { name: 'Comment' });
    await tabTo(page, send, 120);
    await page.keyboard.press('Enter');
    await expect(comments.getByRole('alert')).toHaveText('Comment is required');
    const text = `Keyboard-only note ${Date.now()}`;
    // back over the "Public update" box to the text
    await page.keyboard.press('Shift+Tab');
    await expect(comments.getByRole('checkbox', { name: /Public update/ })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(comments.getByRole('textbox', { name: 'Comment' })).toBeFocused();
    await page.keyboard.type(text);
    await tabTo(page, send, 5);
    await page.keyboard.press('Enter');
    await expect(comments.getByText(text)).toBeVisible();

    expect(consoleErrors.list).toEqual([]);
  });
});
