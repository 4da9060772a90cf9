import { fileURLToPath } from 'node:url';
import type { Database } from '@mc/db';
import { registerModules } from './composition/register-routes.js';
import { startJobs } from './composition/start-jobs.js';
import { ensureSystemScraper, watchScraperDir } from './modules/catalog/index.js';
import { connectionsServiceFor } from './modules/connections/index.js';
import { ensureSystemCanary, watchCanaryDir } from './modules/health/index.js';
import { startLogCapture } from './modules/logs/index.js';
import { watchPlaybookDir } from './modules/playbooks/index.js';
import { type MetricsListener, startMetricsListener } from './modules/system/index.js';
import { ensureSystemTopology, watchTopologyDir } from './modules/topology/index.js';
import { createApp } from './platform/app.js';
import type { Config } from './platform/config.js';
import { type GracefulHttpServer, gracefulHttpServer } from './platform/graceful-http-server.js';
import { createLifecycle, type Lifecycle } from './platform/lifecycle.js';
import type { Logger } from './platform/logger.js';
import { openDatabase } from './platform/open-database.js';
import { VERSION } from './platform/version.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** A running server process: its address (when it serves HTTP) and a graceful stop. */
export interface RunningServer {
  url?: string;
  database: Database;
  stop(): Promise<void>;
}

type ServerDeps = { config: Config; database: Database; logger: Logger; version: string; lifecycle: Lifecycle };

/** What the HTTP role runs besides its listener, stopped with it. */
interface HttpRole {
  url: string;
  server: GracefulHttpServer;
  watchers: Array<{ stop(): Promise<void> | void }>;
}

/**
 * The console's listener and what only the HTTP role does: the built-in canary, topology and scraper
 * that watch this server, and the folders of definitions it follows.
 */
async function startHttp(deps: ServerDeps): Promise<HttpRole> {
  const { config, database, logger } = deps;
  const app = createApp({
    ...deps,
    webDist: config.MC_WEB_DIST ?? DEFAULT_WEB_DIST,
    registerModules: (router) => registerModules(router, deps),
  });
  const server = gracefulHttpServer(app.fetch, config.HOST);
  const address = await server.listen(config.PORT, config.HOST);
  deps.lifecycle.onDrain(() => server.drain());
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${address.port}`;
  logger.info('http listening', { url, version: VERSION });
  const selfUrl = config.MC_PUBLIC_URL ?? url.replace(/\/\/(0\.0\.0\.0|\[::\]):/, '//127.0.0.1:');
  await ensureSystemCanary(database, selfUrl, logger);
  await ensureSystemTopology(deps, selfUrl, logger);
  const watchers: HttpRole['watchers'] = [];
  if (config.MC_CANARY_DIR) watchers.push(watchCanaryDir(database, config.MC_CANARY_DIR, logger));
  await ensureSystemScraper(database, logger);
  if (config.MC_SCRAPER_DIR) watchers.push(watchScraperDir(database, config.MC_SCRAPER_DIR, logger));
  if (config.MC_TOPOLOGY_DIR) watchers.push(watchTopologyDir(database, config.MC_TOPOLOGY_DIR, logger));
  if (config.MC_PLAYBOOK_DIR) watchers.push(watchPlaybookDir(database, config.MC_PLAYBOOK_DIR, logger));
  return { url, server, watchers };
}

/**
 * Starts the roles `config.MC_ROLE` asks for on one database: HTTP, workers, or both — with both
 * (`all`), the workers run in the job thread, off the HTTP event loop (modules/jobs/job-thread.ts, started from composition/start-jobs.ts).
 * `lifecycle` is the process's (main.ts drains it on SIGTERM, before start-up has even finished).
 * `stop` is the graceful shutdown (docs/operations.md#probes-and-graceful-shutdown): the process drains
 * at once (`/readyz` 503, every answer closes its connection, event streams end), stops claiming jobs
 * and lets the running ones finish; then each listener closes, with its idle connections, as soon as no
 * request is being answered, and the database closes. MC_SHUTDOWN_TIMEOUT_MS bounds it all: jobs still
 * running then go back to the queue and connections still open are cut.
 */
export async function startServer(
  config: Config,
  logger: Logger,
  lifecycle: Lifecycle = createLifecycle(),
): Promise<RunningServer> {
  const database = await openDatabase(config, logger);
  // The server's own lines, searchable as the built-in log backend (docs/logs.md).
  const logCapture = startLogCapture(database);
  const deps = { config, database, logger, version: VERSION, lifecycle };
  // Connection URLs stored with a plaintext password before they counted as secrets (migration 0056).
  const sealed = await connectionsServiceFor(deps).sealEmbeddedPasswords();
  if (sealed > 0) logger.info('connection URL passwords encrypted', { connections: sealed });
  // The job thread loads while the HTTP side starts, so checks resume as soon as they can after a restart.
  const jobsStarting = config.MC_ROLE === 'http' ? undefined : startJobs(deps);
  jobsStarting?.catch(() => {}); // a failure is raised where it is awaited below

  let http: HttpRole | undefined;
  let jobs: Awaited<ReturnType<typeof startJobs>> | undefined;
  let metrics: MetricsListener | undefined;
  const shutDown = async () => {
    const started = Date.now();
    const deadline = started + config.MC_SHUTDOWN_TIMEOUT_MS;
    lifecycle.drain();
    await Promise.all([jobs?.stop(config.MC_SHUTDOWN_TIMEOUT_MS), ...(http?.watchers ?? []).map((w) => w.stop())]);
    await http?.server.close(deadline);
    await metrics?.stop(deadline);
    await logCapture.stop();
    await database.close();
    return Date.now() - started;
  };
  try {
    if (config.MC_ROLE !== 'worker') http = await startHttp(deps);
    jobs = await jobsStarting;
    if (config.MC_METRICS_ADDRESS) metrics = await startMetricsListener(config.MC_METRICS_ADDRESS, deps);
  } catch (error) {
    jobs ??= await jobsStarting?.catch(() => undefined);
    await shutDown();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    url: http?.url,
    database,
    stop() {
      stopping ??= shutDown().then((tookMs) => logger.info('stopped', { tookMs }));
      return stopping;
    },
  };
}
