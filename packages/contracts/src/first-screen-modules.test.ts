import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The constants the console's first screen (the shell, sign-in and /topology) reads from @mc/contracts.
 * A module defining one of them ends up whole in the entry chunk, so one with a zod schema beside its
 * constants brings zod (≈ 25 kB gzip) into the first screen: auth.ts did, and /topology's JS went from
 * 166 to 192 kB against the 180 kB budget (docs/web.md). Schemas live in their own modules (auth-schemas.ts).
 */
const FIRST_SCREEN_CONSTANTS = [
  'AUTH_ROUTES',
  'AUTH_TEXTS',
  'STORAGE_KEYS',
  'SIDEBAR_AUTO_COLLAPSE_WIDTH',
  'PRODUCT_NAME',
  'UI_MESSAGES',
  'PROGRESS_CLAMP',
  'FEATURE_PARENTS',
  'COMPONENT_STATUSES',
  'TOPOLOGY_LIMITS',
];

const dir = new URL('.', import.meta.url).pathname;
const modules = readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));

describe('contracts modules of the first screen', () => {
  it.each(FIRST_SCREEN_CONSTANTS)('%s is defined in a module that imports no zod', (constant) => {
    const defining = modules.filter((m) => new RegExp(`export const ${constant}\\b`).test(m.text));
    expect(defining.map((m) => m.name)).toHaveLength(1);
    for (const m of defining) expect(m.text, m.name).not.toMatch(/from 'zod'/);
  });
});
