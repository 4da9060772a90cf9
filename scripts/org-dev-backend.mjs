// Development provisioning hook for the hosted organisation mode (docs/hosted-mode.md): starts an
// organisation backend for a new organisation as a server process on loopback, over its own embedded
// database in data/orgs/<organisation id>, and reports its address to the organisation service.
//   MC_AUTH_MODE=hosted MC_ORG_PROVISION_COMMAND="node scripts/org-dev-backend.mjs" npm start
// The service runs this with MC_ORG_ID, MC_ORG_NAME and MC_ORG_SERVICE_URL set; the one JSON line this
// prints once the backend listens is the report ({"backend_url":…,"instance_finished":true}). The backend
// lives as long as this process (it stops with the organisation service).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { MC_ORG_ID: orgId, MC_ORG_SERVICE_URL: serviceUrl } = process.env;
if (!orgId || !/^[0-9a-f-]{36}$/i.test(orgId) || !serviceUrl) {
  console.error('org-dev-backend: MC_ORG_ID (a UUID) and MC_ORG_SERVICE_URL must be set');
  process.exit(2);
}
const dataDir = join(process.env.MC_ORG_DEV_DATA_ROOT ?? join(root, 'data', 'orgs'), orgId);
mkdirSync(dataDir, { recursive: true });

// The backend is an ordinary installation: none of the service's own database, mode or port settings.
const env = { ...process.env };
for (const name of ['DATABASE_URL', 'MC_AUTH_MODE', 'MC_ADMIN_EMAIL', 'MC_ADMIN_PASSWORD', 'MC_PUBLIC_URL'])
  delete env[name];
for (const name of Object.keys(env)) if (name.startsWith('MC_ORG_PROVISION_')) delete env[name];
Object.assign(env, {
  PORT: '0',
  HOST: '127.0.0.1',
  MC_DATA_DIR: dataDir,
  MC_METRICS_ADDRESS: '',
  MC_ORG_ID: orgId,
  MC_ORG_SERVICE_URL: serviceUrl,
  MC_ORG_CONSOLE_ORIGINS: new URL(serviceUrl).origin,
});
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let buffer = '';
child.stdout.on('data', (chunk) => {
  buffer += chunk.toString();
  let newline = buffer.indexOf('\n');
  while (newline >= 0) {
    const line = buffer.slice(0, newline);
    buffer = buffer.slice(newline + 1);
    try {
      const entry = JSON.parse(line);
      if (entry.msg === 'http listening' && typeof entry.url === 'string') {
        console.log(JSON.stringify({ backend_url: entry.url, instance_finished: true }));
      }
    } catch {
      // not a log line
    }
    newline = buffer.indexOf('\n');
  }
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 1));
