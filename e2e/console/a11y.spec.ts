import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectTheme, paintTheme, SCREENS, THEMES } from '../support/screens.js';
import { signIn } from '../support/sign-in.js';

/** axe-core's own bundle, injected into the page (the package the e2e workspace installs). */
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is and returns the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    // axe is the global the injected bundle defines
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}${violation.nodes.length > 5 ? ` (+${violation.nodes.length - 5} more)` : ''}`,
    );
}

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
