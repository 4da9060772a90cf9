import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A second server a journey starts for settings the shared one must not have (short flow lifetimes…). */
export interface ExtraServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a server of this checkout on a fresh embedded database (migrated, not seeded) with extra
 * environment, serving the console build scripts/e2e.mjs made (MC_E2E_WEB_DIST). HTTP only: no
 * workers compete with the shared server for the CPU.
 */
export async function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const root = process.cwd();
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-extra-'));
  const serverEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MC_ROLE: 'http',
    MC_DATA_DIR: dataDir,
    DATABASE_URL: '',
    MC_WEB_DIST: process.env.MC_E2E_WEB_DIST ?? '',
    ...env,
  };
  const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'packages/db/src/cli/migrate.ts'], {
    cwd: root,
    env: serverEnv,
    stdio: 'ignore',
  });
  if (migrated.status !== 0) throw new Error('migrating the extra server’s database failed');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the extra server did not start within 60 s')), 60_000);
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const found = buffer.match(/"msg":"http listening"[^\n]*"url":"([^"]+)"/);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the extra server exited with ${code}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
