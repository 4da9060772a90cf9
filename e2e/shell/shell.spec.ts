import { expect, test } from '../support/fixtures.js';

test.describe('[SHELL] page shell', () => {
  test("the page's inline scripts run under the server's Content Security Policy", async ({ page, signedIn }) => {
    expect(signedIn).toBe(true);
    await page.addInitScript(() => {
      const state = { violations: [] as string[], parsed: { theme: '', preloads: 0, earlyCalls: 0 } };
      (window as unknown as { __inline: typeof state }).__inline = state;
      document.addEventListener('securitypolicyviolation', (event) => state.violations.push(event.violatedDirective));
      // 'interactive' comes once the HTML is parsed, before any module script of the console has run
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        state.parsed.theme = document.documentElement.getAttribute('data-theme') ?? '';
        state.parsed.preloads = document.querySelectorAll('link[rel="modulepreload"][href*="area-catalog"]').length;
        // the boot script's early calls (src/boot.ts): who-am-I, the flags, the summary and the list's first page
        state.parsed.earlyCalls =
          (window as unknown as { __mcEarlyAnswers?: Map<string, unknown> }).__mcEarlyAnswers?.size ?? 0;
      });
      localStorage.setItem('mc-theme-last', 'dark');
    });
    const answer = await page.goto('/catalog');
    expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+'){3};/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
    const inline = await page.evaluate(() => (window as unknown as { __inline: unknown }).__inline);
    expect(inline).toEqual({ violations: [], parsed: { theme: 'dark', preloads: 1, earlyCalls: 4 } });
  });

  test('the sidebar collapses and remembers it; the user menu has the version line and kubeconfig modal', async ({
    page,
    signedIn,
    consoleErrors,
  }) => {
    expect(signedIn).toBe(true);
    await page.goto('/incidents');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /Incidents/ })).toHaveClass(/bg-primary-soft/);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(nav).toHaveAttribute('data-collapsed', 'true');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-collapsed', 'true');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText(/^Hi /)).toBeVisible();
    await expect(page.getByTestId('version-line')).toHaveText(
      /^Version: \d+\.\d+\.\d+ \(frontend\) \/ \S+ \(backend\)$/,
    );
    await expect(page.getByTestId('version-line')).not.toHaveText(/NA \(backend\)/);
    await page.getByRole('menuitem', { name: 'Download kubeconfig' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download and install kubeconfig' });
    await expect(dialog.getByText(/get canaries/)).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/screens/kubeconfig-modal.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    expect(consoleErrors.list.filter((line) => !line.includes('/api/kubeconfig'))).toEqual([]);
  });

  test('preferences and the time-range picker write the URL', async ({ page, signedIn, consoleErrors }) => {
    expect(signedIn).toBe(true);
    await page.goto('/topology');
    await page.getByRole('button', { name: 'Preferences' }).click();
    await page.getByRole('checkbox', { name: 'Show hidden components' }).click();
    await expect(page).toHaveURL(/showHiddenComponents=no/);
    await page.getByRole('button', { name: /Date\/Time Format$/ }).click();
    await page.getByRole('option', { name: 'full (Jan 1 10:30:01.999)', exact: true }).click();
    expect(await page.evaluate(() => localStorage.getItem('datetime_preference'))).toBe('full');
    await page.screenshot({ path: 'e2e/artifacts/screens/preferences.png' });
    expect(consoleErrors.list).toEqual([]);
  });

  test('an unknown path shows the not-found page', async ({ page, signedIn, consoleErrors }) => {
    expect(signedIn).toBe(true);
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect(consoleErrors.list).toEqual([]);
  });
});
