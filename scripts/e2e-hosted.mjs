// `node scripts/e2e-hosted.mjs [filter]`: the hosted organisation mode's browser journeys
// (e2e/**/*.hosted.ts, docs/hosted-mode.md). Builds the console with VITE_AUTH_MODE=hosted into a
// temporary folder, starts the organisation service (MC_AUTH_MODE=hosted) over a fresh embedded database
// with scripts/org-dev-backend.mjs as its provisioning hook (each new organisation gets a backend on
// loopback), runs Playwright in Debian's Chromium, and stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './chromium-args.mjs';

const root = new URL('..', import.meta.url).pathname;
const chromium = CHROMIUM_PATH;
const adminEmail = 'owner@example.com';
const adminPassword = 'e2e-Owner-password-1';

function buildConsole() {
  const webDist = mkdtempSync(join(tmpdir(), 'mc-e2e-hosted-web-'));
  console.log('Building the console (hosted mode)…');
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(root, 'apps/web'), stdio: 'inherit', env: { ...process.env, VITE_AUTH_MODE: 'hosted' } },
  );
  if (build.status !== 0) throw new Error('The console build failed.');
  return webDist;
}

function startService(env) {
  return new Promise((resolve, reject) => {
    // its own process group, so the backends the provisioning hook started stop with it
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('The organisation service did not start within 120 s.')), 120_000);
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        try {
          const entry = JSON.parse(line);
          if (entry.msg === 'http listening' && entry.url) {
            clearTimeout(timer);
            resolve({ child, url: entry.url });
          } else if (entry.level === 'error' || entry.level === 'warn') {
            console.log(`[service] ${line}`);
          }
        } catch {
          console.log(`[service] ${line}`);
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The organisation service exited with code ${code} before listening.`));
    });
  });
}

function stopGroup(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const force = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      setTimeout(resolve, 2_000); // the backends' own shutdown
    });
    process.kill(-child.pid, 'SIGTERM');
  });
}

async function main() {
  if (!existsSync(chromium)) {
    console.error(`No Chromium at ${chromium}.`);
    return 1;
  }
  const webDist = buildConsole();
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-hosted-'));
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    MC_DATA_DIR: join(dataDir, 'service'),
    MC_AUTH_MODE: 'hosted',
    MC_ADMIN_EMAIL: adminEmail,
    MC_ADMIN_PASSWORD: adminPassword,
    MC_WEB_DIST: webDist,
    MC_ORG_PROVISION_COMMAND: `${JSON.stringify(process.execPath)} ${JSON.stringify(join(root, 'scripts/org-dev-backend.mjs'))}`,
    MC_ORG_DEV_DATA_ROOT: join(dataDir, 'orgs'),
  };
  let service;
  try {
    service = await startService(env);
    console.log(`Organisation service at ${service.url}`);
    const playwright = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/hosted.config.ts', ...process.argv.slice(2)],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            MC_E2E_BASE_URL: service.url,
            MC_E2E_ADMIN_EMAIL: adminEmail,
            MC_E2E_ADMIN_PASSWORD: adminPassword,
            MC_E2E_CHROMIUM: chromium,
          },
        },
      );
      child.once('exit', (status) => resolve(status));
    });
    return playwright ?? 1;
  } finally {
    if (service) await stopGroup(service.child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
