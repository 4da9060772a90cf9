import { seriousViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { expectTheme, paintTheme, SCREENS, THEMES } from '../support/screens.js';
import { signIn } from '../support/sign-in.js';

/**
 * [CONSOLE] accessibility: axe-core scans every main screen — sign-in, health and a check's modal,
 * incidents and one incident, the settings pages, the catalog and topology pages — in the light and
 * the dark theme, and finds no serious or critical violation.
 */
test.describe('[CONSOLE] axe accessibility scan', () => {
  // axe is injected as an inline script, which the console's Content-Security-Policy (script-src 'self') refuses
  test.use({ bypassCSP: true });
  for (const theme of THEMES) {
    for (const screen of SCREENS) {
      test(`${screen.name} in the ${theme} theme has no serious or critical violation`, async ({ page }) => {
        await paintTheme(page, theme);
        if (screen.signedIn) await signIn(page, { role: 'admin' });
        await screen.open(page);
        await expectTheme(page, theme);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
});
