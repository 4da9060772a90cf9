import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the real server (migrated, fresh embedded database, first admin from the given credentials,
 * serving the console built in `webDist`) on a free port; resolves to { url, stop }. `prepare(env)` runs
 * after the migrations and before the server opens the database (e.g. to seed it with `seed:demo`).
 * `databaseUrl` runs it on that PostgreSQL database instead, kept after the run; `prepare` then runs only
 * when the database holds no check yet, so a large seed is made once and timed again on later runs.
 */
export async function startRealServer(root, { email, password, webDist, prepare, databaseUrl }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-bench-'));
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MC_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  };
  Object.assign(env, { MC_ADMIN_EMAIL: email, MC_ADMIN_PASSWORD: password, MC_WEB_DIST: webDist });
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'packages/db/src/cli/migrate.ts'], {
    cwd: root,
    env,
  });
  if (migrate.status !== 0) throw new Error(`Migrations failed: ${migrate.stderr}`);
  if (!databaseUrl || holdsNoCheck(root, env)) await prepare?.(env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      if (process.env.MC_BENCH_SERVER_LOG) process.stdout.write(chunk);
      const match = /"msg":"http listening"[^\n]*"url":"([^"]+)"/.exec(buffer);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening.`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Whether the database at `env.DATABASE_URL` has no check yet (psql reads the same server the server uses). */
function holdsNoCheck(root, env) {
  const count = spawnSync('psql', [env.DATABASE_URL, '-Atc', 'SELECT count(*) FROM checks'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (count.status !== 0) throw new Error(`Could not count the checks of ${env.DATABASE_URL}: ${count.stderr}`);
  return Number(count.stdout.trim()) === 0;
}
