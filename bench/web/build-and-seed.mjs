import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Runs `vite build` with `args` in `cwd`, with the repository's (`root`) own vite. */
export function buildConsole(root, args, cwd) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Fills a fresh embedded database the way a user does: `npm run seed:demo -- --checks N --configs N`, with
 * `rows` checks and config items (four statuses each); `env` is the server's (its data folder).
 */
export function seedDemo(root, env, rows) {
  const started = performance.now();
  const seed = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/db/src/cli/seed.ts',
      '--checks',
      String(rows),
      '--statuses-per-check',
      '4',
      '--configs',
      String(rows),
    ],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (seed.status !== 0) throw new Error(`seed:demo failed: ${seed.stdout}\n${seed.stderr}`);
  console.log(
    `Seeded the demo data set with ${rows} checks and ${rows} config items in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
