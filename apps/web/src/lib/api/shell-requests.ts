import type { EarlyRequest } from './request-parts';

/**
 * The calls every signed-in screen makes first, without React: the shell's queries (shell-queries.ts) make
 * them, and the boot script (src/boot.ts) asks for them before the console has loaded.
 */

/** GET /api/auth/whoami: who is signed in. */
export const SESSION_REQUEST: EarlyRequest = { path: '/api/auth/whoami' };

/** GET /api/db/properties: the `<feature>.disable` rows (001 §6). */
export const PROPERTIES_REQUEST: EarlyRequest = {
  path: '/api/db/properties',
  options: { query: { select: 'name,value' } },
};
