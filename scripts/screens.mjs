// `npm run screens`: regenerates docs/screens/<screen>-<theme>.png and docs/screens/README.md from the
// journeys' steps (e2e/screens/capture.screens.ts) — the same build, fresh server and demo data as
// `npm run test:e2e`, with the screenshot config instead of the journeys'. Not part of `npm test`.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const run = spawnSync(process.execPath, ['scripts/e2e.mjs', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MC_E2E_CONFIG: 'e2e/screens.config.ts' },
});
process.exit(run.status ?? 1);
