// `npm run test:e2e` (and the last step of `npm test`): builds the console into a temporary folder,
// starts a real server on a free port over a fresh embedded database (or MC_E2E_DATABASE_URL),
// seeds the demo data (a failed seed fails the run), runs the Playwright journeys in Debian's Chromium,
// stops the server and exits with Playwright's status. The JSON report lands in .mc-test/e2e.json.
// A real local SMTP server receives the server's mail; the journeys read it from MC_E2E_MAIL_URL.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { CHROMIUM_PATH } from './chromium-args.mjs';

const root = new URL('..', import.meta.url).pathname;
const chromium = CHROMIUM_PATH;
const adminEmail = process.env.MC_E2E_ADMIN_EMAIL ?? 'admin@example.com';
const adminPassword = process.env.MC_E2E_ADMIN_PASSWORD ?? 'e2e-Admin-password-1';
// `npm run screens` runs the screenshot config (e2e/screens.config.ts) through the same server set-up
const playwrightConfig = process.env.MC_E2E_CONFIG ?? 'e2e/playwright.config.ts';

// The journeys use their own build in a temporary folder: other work in the same tree may rebuild
// apps/web/dist (new asset names), and `npm test` clears .mc-test, while the server is serving it.
// MC_E2E_PREBUILT_WEB names a build of this very tree made just before (CI's build step sets it to
// apps/web/dist): it is copied there instead of built again, the same `vite build` of the same sources.
function buildConsole() {
  const webDist = mkdtempSync(join(tmpdir(), 'mc-e2e-web-'));
  const prebuilt = process.env.MC_E2E_PREBUILT_WEB;
  if (prebuilt) {
    if (!existsSync(join(prebuilt, 'index.html')))
      throw new Error(`MC_E2E_PREBUILT_WEB: no index.html in ${prebuilt}.`);
    console.log(`Copying the console built in ${prebuilt}…`);
    cpSync(prebuilt, webDist, { recursive: true });
    return webDist;
  }
  console.log('Building the console…');
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(root, 'apps/web'), stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('The console build failed.');
  return webDist;
}

// The mailbox: an SMTP server on a free port keeping every message, and an HTTP endpoint listing
// them as JSON (`GET /mails?to=<address>` → [{to, raw}]) for the journeys.
async function startMailbox() {
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(','), raw });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const http = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://mailbox').searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(to ? mails.filter((m) => m.to === to) : mails));
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpPort: smtp.server.address().port,
    url: `http://127.0.0.1:${http.address().port}`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => http.close(r))]),
  };
}

function runAsync(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, options);
    child.once('exit', (status) => resolve({ status }));
  });
}

function runTsx(script, env) {
  return spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit', env });
}

function startServer(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('The server did not start within 120 s.')), 120_000);
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
            console.log(`[server] ${line}`);
          }
        } catch {
          console.log(`[server] ${line}`);
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code} before listening.`));
    });
  });
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function main() {
  if (!existsSync(chromium)) {
    console.error(`No Chromium at ${chromium}: install Debian's with \`apt-get install -y chromium\`.`);
    return 1;
  }
  const webDist = buildConsole();
  mkdirSync(join(root, '.mc-test'), { recursive: true });
  mkdirSync(join(root, 'e2e/artifacts/screens'), { recursive: true });

  const dataDir = process.env.MC_E2E_DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'mc-e2e-'));
  const mailbox = await startMailbox();
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MC_ADMIN_EMAIL: adminEmail,
    MC_ADMIN_PASSWORD: adminPassword,
    MC_WEB_DIST: webDist,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mailbox.smtpPort),
    SMTP_FROM: 'Mission Control <no-reply@example.com>',
    // the playbooks journey runs an exec playbook (off by default outside tests, docs/security.md)
    MC_EXEC_CHECKS: process.env.MC_EXEC_CHECKS ?? 'on',
    ...(dataDir ? { MC_DATA_DIR: dataDir, DATABASE_URL: '' } : { DATABASE_URL: process.env.MC_E2E_DATABASE_URL }),
  };
  let server;
  try {
    if (runTsx('packages/db/src/cli/migrate.ts', env).status !== 0) throw new Error('Migrations failed.');
    if (runTsx('packages/db/src/cli/seed.ts', env).status !== 0) throw new Error('Seeding the demo data failed.');
    server = await startServer(env);
    console.log(`Server at ${server.url}`);
    // spawned asynchronously: the mailbox lives in this process and must keep answering meanwhile
    const playwright = await runAsync(
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', '-c', playwrightConfig, ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          MC_E2E_BASE_URL: server.url,
          MC_E2E_ADMIN_EMAIL: adminEmail,
          MC_E2E_ADMIN_PASSWORD: adminPassword,
          MC_E2E_CHROMIUM: chromium,
          MC_E2E_MAIL_URL: mailbox.url,
          MC_E2E_WEB_DIST: webDist,
        },
      },
    );
    return playwright.status ?? 1;
  } finally {
    if (server) await stopServer(server.child);
    await mailbox.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
