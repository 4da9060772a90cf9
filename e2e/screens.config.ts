import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

/**
 * The screenshot run (`npm run screens`): only e2e/screens/*.screens.ts, which the journeys' own
 * config (`*.spec.ts`) never matches, so `npm test` does not spend its time on pictures.
 */
export default defineConfig({
  ...base,
  testMatch: 'screens/**/*.screens.ts',
  reporter: [['list']],
  use: { ...base.use, viewport: { width: 1280, height: 800 } },
});
