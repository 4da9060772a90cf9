import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

/**
 * The hosted organisation mode's journeys (docs/hosted-mode.md): scripts/e2e-hosted.mjs builds the console
 * with VITE_AUTH_MODE=hosted and starts the organisation service with the development provisioning hook.
 * Their files end in .hosted.ts so the flow-mode run never picks them up.
 */
export default defineConfig({
  ...base,
  testMatch: '**/*.hosted.ts',
  timeout: 240_000,
  expect: { timeout: 90_000 },
  reporter: [['list'], ['json', { outputFile: '../.mc-test/e2e-hosted.json' }]],
});
