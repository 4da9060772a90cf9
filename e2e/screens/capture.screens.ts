import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectTheme, paintTheme, SCREENS, THEMES } from '../support/screens.js';
import { signIn } from '../support/sign-in.js';

/** Where the pictures go: docs/screens/<screen>-<theme>.png, with README.md as their index. */
const OUT = new URL('../../docs/screens/', import.meta.url);

/**
 * Documentation screenshots (issue 12 §8): every main screen in both themes at 1280×800, reached by
 * the same steps as the accessibility scan on the journeys' server with its seeded demo data.
 * Regenerate with `npm run screens`; never part of `npm test`.
 */
test.describe('screens', () => {
  // the style tag that stops animations is inline; the console's CSP allows inline styles, this keeps it certain
  test.use({ bypassCSP: true });
  test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

  for (const screen of SCREENS) {
    for (const theme of THEMES) {
      test(`${screen.name} (${theme})`, async ({ page }) => {
        await paintTheme(page, theme);
        if (screen.signedIn) await signIn(page, { role: 'admin' });
        await screen.open(page);
        await expectTheme(page, theme);
        // no blinking caret or running animation in the picture
        await page.addStyleTag({
          content:
            '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}',
        });
        await page.mouse.move(0, 0);
        await page.screenshot({ path: new URL(`${screen.name}-${theme}.png`, OUT).pathname, animations: 'disabled' });
        expect(true).toBe(true);
      });
    }
  }

  test.afterAll(() => {
    const rows = SCREENS.map(
      (screen) =>
        `| ${screen.name} | ![${screen.name}, light](${screen.name}-light.png) | ![${screen.name}, dark](${screen.name}-dark.png) |`,
    );
    const text = [
      '# Screens',
      '',
      'Every main screen of the console in the light and the dark theme, 1280×800, taken by',
      '`npm run screens` (e2e/screens/capture.screens.ts) from the same steps as the accessibility scan',
      '(e2e/console/a11y.spec.ts) on a fresh server with the seeded demo data. Not hand-made: regenerate',
      'them after changing a screen and commit the result. The run is not part of `npm test`.',
      '',
      '| Screen | Light | Dark |',
      '|---|---|---|',
      ...rows,
      '',
    ].join('\n');
    writeFileSync(new URL('README.md', OUT), text);
  });
});
