import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium-args.mjs';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the built console and
 * a real server that scripts/e2e.mjs starts and names in MC_E2E_BASE_URL. The JSON report feeds
 * `npm test`'s closing line; screenshots and traces stay under e2e/artifacts (git-ignored).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: 'artifacts/test-results',
  reporter: [['list'], ['json', { outputFile: '../.mc-test/e2e.json' }]],
  use: {
    baseURL: process.env.MC_E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
