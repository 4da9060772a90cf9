/**
 * Upstream fixture replay (issue 28 acceptance): how many of canary-checker's and config-db's own
 * fixtures behave here as upstream intends, found out the way a migrating user would — each document
 * saved through the server's routes, then run once in-process against local stand-ins of the outside
 * hosts it names — and printed as a table per folder with totals against the target (100% of the
 * reachable ones). Fixtures are read from the git mirrors (never copied into this repository).
 *
 *   node --import tsx bench/upstream-fixtures/run.ts --canary-checker <mirror> --config-db <mirror>
 *   npm run bench:upstream-fixtures   (the mirrors under /work/.mirror)
 *
 * Needs root (the HTTP stand-in listens on 127.0.0.1:80, 443, 9090 and 8000), openssl, and the machine's
 * PostgreSQL, MariaDB and Redis (stand-ins/databases.ts). Writes bench/upstream-fixtures/RESULTS.md.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';
import { replayCanary } from './canary-replay.js';
import { replayScrapeConfig } from './config-replay.js';
import { type Mirror, openMirror } from './mirror.js';
import type { ReplayRow } from './replay-types.js';
import { type FolderRows, renderReport } from './report.js';
import { startSaveClient } from './save-client.js';
import { createStandInConnections, STAND_IN_CONNECTION_BASE } from './stand-ins/connections.js';
import { prepareDatabases } from './stand-ins/databases.js';
import { startDnsStandIn } from './stand-ins/dns-zone.js';
import { folderRootsOf } from './stand-ins/folder-roots.js';
import { startHttpBin } from './stand-ins/http-bin.js';
import { resolveEveryNameToLoopback, standInEgress } from './stand-ins/resolver.js';
import { makeTlsMaterial, tlsHostsOf, tlsMaterialIn } from './stand-ins/tls-material.js';
import { replayTopology, seedTopologyCatalog } from './topology-replay.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const CANARY_FOLDERS = ['minimal', 'datasources', 'prometheus', 'quarantine', 'topology'];
const CONFIG_KINDS = /^ {2}(file|sql|http|kubernetesFile):/m;

/** `--canary-checker <dir>` / `--config-db <dir>`; absent, the mirror where this workplace keeps it. */
function argument(name: string): string {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  return value ?? `/work/.mirror/flanksource+${name.replace(/^--/, '')}/repo`;
}

/** `--only <regex>`: replays only the fixture paths it matches (RESULTS.md is then left as it is). */
const ONLY = process.argv.includes('--only') ? new RegExp(argument('--only')) : null;

/** The fixture files of a canary-checker folder, as its harness picks them (no `_*`, no kustomization). */
function canaryFiles(mirror: Mirror, folder: string): string[] {
  return mirror
    .files(`fixtures/${folder}/`)
    .filter((path) => /\.ya?ml$/.test(path))
    .filter((path) => !/(^|\/)_[^/]*$/.test(path) && !path.endsWith('kustomization.yaml'))
    .filter((path) => !ONLY || ONLY.test(path));
}

function configFiles(mirror: Mirror): string[] {
  return mirror
    .files('fixtures/')
    .filter((path) => /^fixtures\/[^/]+\.ya?ml$/.test(path) && CONFIG_KINDS.test(mirror.show(path)))
    .filter((path) => !ONLY || ONLY.test(path));
}

function documentsOf(text: string): Record<string, unknown>[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as unknown)
    .filter((doc): doc is Record<string, unknown> => typeof doc === 'object' && doc !== null);
}

/** Writes the mirror's `fixtures/` tree below a temporary folder, for the file scrapers to read. */
function extractFixtureTree(mirror: Mirror): string {
  const root = mkdtempSync(join(tmpdir(), 'mc-upstream-config-db-'));
  for (const path of mirror.files('fixtures/')) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), mirror.show(path));
  }
  return root;
}

/** The parent run: makes the CA, then runs the replay again trusting it (NODE_EXTRA_CA_CERTS). */
function runTrustingStandIns(canary: Mirror, config: Mirror): number {
  const texts = [...CANARY_FOLDERS.flatMap((folder) => canaryFiles(canary, folder)).map((p) => canary.show(p))];
  texts.push(...configFiles(config).map((path) => config.show(path)), STAND_IN_CONNECTION_BASE);
  const tls = makeTlsMaterial(tlsHostsOf(texts));
  try {
    const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, NODE_EXTRA_CA_CERTS: tls.ca, MC_REPLAY_TLS_DIR: tls.dir },
    });
    return child.status ?? 1;
  } finally {
    rmSync(tls.dir, { recursive: true, force: true });
  }
}

async function replayAll(canary: Mirror, config: Mirror, notes: string[]): Promise<FolderRows[]> {
  const http = await startHttpBin(tlsMaterialIn(process.env.MC_REPLAY_TLS_DIR ?? ''));
  const dns = await startDnsStandIn();
  notes.push(
    `every host name resolves to 127.0.0.1; HTTP stand-in on ${http.ports.join(', ')} (443 with a CA the run trusts)`,
    `DNS checks ask the DNS stand-in (127.0.0.1:${dns.port}) instead of the resolver they name`,
    "PostgreSQL, MariaDB and Redis are the machine's own (fixture users added); PostgreSQL trusts local logins",
    ...http.refused,
    ...prepareDatabases(),
  );
  const root = extractFixtureTree(config);
  const { client, app } = await startSaveClient();
  const connections = await createStandInConnections(client);
  notes.push(`connections ${[...connections].join(', ')} created by the administrator, pointing at the HTTP stand-in`);
  const egress = standInEgress();
  resolveEveryNameToLoopback();
  const serverConfig = loadConfig({ MC_ADMIN_PASSWORD: randomBytes(12).toString('base64url') });
  const logger = createLogger('error', {}, () => undefined);
  const canaryDeps = { client, app, config: serverConfig, logger, dnsPort: dns.port, connections };
  await seedTopologyCatalog(app);
  notes.push(
    "the catalog holds the items canary-checker's topology tests build on (duty's dummy Kubernetes nodes node-a, node-b in cluster aws and aks-pool-1 in demo; Config::Dummy config-item)",
  );
  const folders: FolderRows[] = [];
  try {
    for (const folder of CANARY_FOLDERS) {
      const rows: ReplayRow[] = [];
      for (const path of canaryFiles(canary, folder)) {
        for (const [index, doc] of documentsOf(canary.show(path)).entries()) {
          if (doc.kind === 'Topology') rows.push(await replayTopology(path, doc, canaryDeps));
          else if (doc.kind === 'Canary') rows.push(await replayCanary(path, index, doc, canaryDeps));
        }
      }
      folders.push({ source: 'canary-checker', folder: `fixtures/${folder}`, rows });
    }
    const rows: ReplayRow[] = [];
    for (const path of configFiles(config)) {
      for (const doc of documentsOf(config.show(path)).filter((d) => d.kind === 'ScrapeConfig')) {
        rows.push(await replayScrapeConfig(path, doc, { client, app, egress, root }));
      }
    }
    folders.push({ source: 'config-db', folder: 'fixtures (file, sql, http, kubernetesFile)', rows });
  } finally {
    await app.close();
    await http.close();
    await dns.close();
    rmSync(root, { recursive: true, force: true });
  }
  return folders;
}

/** This repository's commit; `MC_REPLAY_COMMIT` names it when the replay runs from an exported tree. */
function ourCommit(): string {
  const result = spawnSync('git', ['-C', HERE, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return result.stdout?.trim() || process.env.MC_REPLAY_COMMIT || 'unknown';
}

async function main(): Promise<number> {
  const canary = openMirror(argument('--canary-checker'));
  const config = openMirror(argument('--config-db'));
  if (!process.env.MC_REPLAY_TLS_DIR) return runTrustingStandIns(canary, config);
  const notes: string[] = [];
  if (!process.env.MC_EXEC_CHECKS) {
    // The fixtures' exec checks assume a server that runs scripts: the administrator's switch, turned on.
    process.env.MC_EXEC_CHECKS = 'on';
    notes.push('exec checks enabled (MC_EXEC_CHECKS=on), as an administrator migrating exec canaries would');
  }
  if (!process.env.MC_HEALTH_FOLDER_ROOTS) {
    // The administrator's roots: the local folders the fixtures' folder checks name, and no more.
    const canaryDocs = CANARY_FOLDERS.flatMap((folder) => canaryFiles(canary, folder)).flatMap((path) =>
      documentsOf(canary.show(path)),
    );
    process.env.MC_HEALTH_FOLDER_ROOTS = folderRootsOf(canaryDocs).join(',');
    notes.push(
      `folder checks may list the folders the fixtures name (MC_HEALTH_FOLDER_ROOTS=${process.env.MC_HEALTH_FOLDER_ROOTS}), as an administrator migrating folder canaries would`,
    );
  }
  const folders = await replayAll(canary, config, notes);
  const header = [
    '# Upstream fixtures replayed (issue 28)',
    '',
    `Run ${new Date().toISOString()} on commit ${ourCommit()}; canary-checker ${canary.commit.slice(0, 12)}, config-db ${config.commit.slice(0, 12)}.`,
    'Produced by `npm run bench:upstream-fixtures` (bench/upstream-fixtures/run.ts): each document saved through the',
    'server routes, then run once in-process against local stand-ins; intent as upstream harnesses encode it.',
  ];
  const report = renderReport(folders, header, notes);
  process.stdout.write(report);
  if (!ONLY) writeFileSync(join(HERE, 'RESULTS.md'), report);
  return 0;
}

process.exitCode = await main();
