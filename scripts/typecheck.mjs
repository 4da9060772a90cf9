// Type-checks every workspace with its own tsconfig; fails if any does.
import { spawnSync } from 'node:child_process';

const projects = ['packages/contracts', 'packages/db', 'apps/server', 'apps/web', 'bench', 'e2e'];
let failed = false;
for (const project of projects) {
  const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed = true;
    console.error(`typecheck failed in ${project}`);
  }
}
process.exit(failed ? 1 : 0);
