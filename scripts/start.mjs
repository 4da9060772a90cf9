// `npm start`: builds the console when it has not been built yet (or was built before the build
// precompressed it: no index.html.br), then runs the server (HTTP and workers) under a supervisor
// that restarts it if it ever exits unexpectedly (README: MC_RESTART_BACKOFF_MS).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { supervise } from './supervise.mjs';

const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);
const precompressed = new URL('../apps/web/dist/index.html.br', import.meta.url);
if (!existsSync(webIndex) || !existsSync(precompressed) || process.env.MC_REBUILD_WEB === 'true') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const backoff = Number(process.env.MC_RESTART_BACKOFF_MS ?? 1_000);
supervise({
  command: process.execPath,
  args: ['--import', 'tsx', 'apps/server/src/main.ts'],
  backoffMs: Number.isFinite(backoff) && backoff >= 0 ? backoff : 1_000,
});
