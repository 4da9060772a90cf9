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
 * Fills a fresh database the way a user does: `npm run seed:demo -- --checks N --configs N`, with `rows`
 * checks and config items (four statuses each), or `{ checks, configs }` of each; `env` is the server's (its
 * data folder, or its DATABASE_URL).
 */
export function seedDemo(root, env, rows) {
  const { checks, configs } = typeof rows === 'number' ? { checks: rows, configs: rows } : rows;
  const started = performance.now();
  const seed = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/db/src/cli/seed.ts',
      '--checks',
      String(checks),
      '--statuses-per-check',
      '4',
      '--configs',
      String(configs),
    ],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (seed.status !== 0) throw new Error(`seed:demo failed: ${seed.stdout}\n${seed.stderr}`);
  console.log(
    `Seeded the demo data set with ${checks} checks and ${configs} config items in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
