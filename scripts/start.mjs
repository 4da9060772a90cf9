// `npm start`: builds the console when it has not been built yet (or was built before the build
// precompressed it: no index.html.br), then runs the server (HTTP and workers).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);
const precompressed = new URL('../apps/web/dist/index.html.br', import.meta.url);
if (!existsSync(webIndex) || !existsSync(precompressed) || process.env.MC_REBUILD_WEB === 'true') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
