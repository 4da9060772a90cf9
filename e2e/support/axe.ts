import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

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

/**
 * Runs axe on the page as it is — or only inside the element `selector` names — and returns the serious
 * and critical violations, readable. The page must bypass the console's Content-Security-Policy
 * (`test.use({ bypassCSP: true })`): axe is injected as an inline script.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (within) => {
    // axe is the global the injected bundle defines
    const axe = (
      window as unknown as {
        axe: { run: (context: Document | Element, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const context = within ? document.querySelector(within) : document;
    if (!context) throw new Error(`nothing on the page matches ${within}`);
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations;
  }, selector);
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
