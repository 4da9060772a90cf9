import { test as base, expect, type Page } from '@playwright/test';
import { type Role, signIn } from './sign-in.js';

export type { Role };

/**
 * The one place journeys get a session: the identity feature's `signIn(page, { role })`. It is
 * imported statically, so a helper that fails to load fails every journey instead of letting them
 * skip; a sign-in that fails throws and fails its journey. Always true: kept as a fixture so the
 * journeys read the same.
 */
export async function signInAs(page: Page, role: Role): Promise<boolean> {
  await signIn(page, { role });
  return true;
}

/** Console messages and page errors a journey collected; every journey ends by expecting none. */
export interface ConsoleErrors {
  list: string[];
}

/** Starts recording `page`'s console errors and uncaught page errors. */
export function collectConsoleErrors(page: Page): ConsoleErrors {
  const errors: ConsoleErrors = { list: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') errors.list.push(`${message.location().url || page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.list.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * `test` with a page signed in as admin (`role` option) and a record of console errors and
 * uncaught page errors.
 */
export const test = base.extend<{ role: Role; consoleErrors: ConsoleErrors; signedIn: boolean }>({
  role: ['admin', { option: true }],
  consoleErrors: async ({ page }, use) => {
    await use(collectConsoleErrors(page));
  },
  signedIn: async ({ page, role }, use) => {
    await use(await signInAs(page, role));
  },
});

export { expect };
