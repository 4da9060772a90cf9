import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { Database } from '@mc/db';
import { registerModules } from './composition/register-routes.js';
import { startJobs } from './composition/start-jobs.js';
import { ensureSystemScraper, type ScraperDirWatcher, watchScraperDir } from './modules/catalog/index.js';
import { connectionsServiceFor } from './modules/connections/index.js';
import { type CanaryDirWatcher, ensureSystemCanary, watchCanaryDir } from './modules/health/index.js';
import { startLogCapture } from './modules/logs/index.js';
import { watchPlaybookDir } from './modules/playbooks/index.js';
import { type MetricsListener, startMetricsListener } from './modules/system/index.js';
import { ensureSystemTopology, watchTopologyDir } from './modules/topology/index.js';
import { createApp } from './platform/app.js';
import type { Config } from './platform/config.js';
import type { Logger } from './platform/logger.js';
import { openDatabase } from './platform/open-database.js';
import { VERSION } from './platform/version.js';
import type { WatchedFolder } from './platform/watched-folder.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** A running server process: its address (when it serves HTTP) and a graceful stop. */
export interface RunningServer {
  url?: string;
  database: Database;
  stop(): Promise<void>;
}

/**
 * Starts the roles `config.MC_ROLE` asks for on one database: HTTP, workers, or both — with both
 * (`all`), the workers run in the job thread, off the HTTP event loop (modules/jobs/job-thread.ts, started from composition/start-jobs.ts).
 * `stop` stops accepting requests and claiming jobs, lets in-flight requests and jobs finish within
 * MC_SHUTDOWN_TIMEOUT_MS (jobs still running then go back to the queue), then closes the database.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase(config, logger);
  // The server's own lines, searchable as the built-in log backend (docs/logs.md).
  const logCapture = startLogCapture(database);
  const deps = { config, database, logger, version: VERSION };
  // Connection URLs stored with a plaintext password before they counted as secrets (migration 0056).
  const sealed = await connectionsServiceFor(deps).sealEmbeddedPasswords();
  if (sealed > 0) logger.info('connection URL passwords encrypted', { connections: sealed });
  // The job thread loads while the HTTP side starts, so checks resume as soon as they can after a restart.
  const jobsStarting = config.MC_ROLE === 'http' ? undefined : startJobs(deps);
  jobsStarting?.catch(() => {}); // a failure is raised where it is awaited below
  let httpStop: (() => Promise<void>) | undefined;
  let canaryDir: CanaryDirWatcher | undefined;
  let scraperDir: ScraperDirWatcher | undefined;
  let topologyDir: WatchedFolder | undefined;
  let playbookDir: WatchedFolder | undefined;
  let url: string | undefined;

  if (config.MC_ROLE !== 'worker') {
    const app = createApp({
      ...deps,
      webDist: config.MC_WEB_DIST ?? DEFAULT_WEB_DIST,
      registerModules: (router) => registerModules(router, deps),
    });
    const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const address = server.address() as AddressInfo; // a TCP listener always has an AddressInfo
    url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${address.port}`;
    logger.info('http listening', { url, version: VERSION });
    const selfUrl = config.MC_PUBLIC_URL ?? url.replace(/\/\/(0\.0\.0\.0|\[::\]):/, '//127.0.0.1:');
    await ensureSystemCanary(database, selfUrl, logger);
    await ensureSystemTopology(deps, selfUrl, logger);
    if (config.MC_CANARY_DIR) canaryDir = watchCanaryDir(database, config.MC_CANARY_DIR, logger);
    await ensureSystemScraper(database, logger);
    if (config.MC_SCRAPER_DIR) scraperDir = watchScraperDir(database, config.MC_SCRAPER_DIR, logger);
    if (config.MC_TOPOLOGY_DIR) topologyDir = watchTopologyDir(database, config.MC_TOPOLOGY_DIR, logger);
    if (config.MC_PLAYBOOK_DIR) playbookDir = watchPlaybookDir(database, config.MC_PLAYBOOK_DIR, logger);
    httpStop = () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          resolve();
        }, config.MC_SHUTDOWN_TIMEOUT_MS);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
  }

  let jobs: Awaited<ReturnType<typeof startJobs>> | undefined;
  let metrics: MetricsListener | undefined;
  try {
    jobs = await jobsStarting;
    if (config.MC_METRICS_ADDRESS) metrics = await startMetricsListener(config.MC_METRICS_ADDRESS, deps);
  } catch (error) {
    await Promise.all([httpStop?.(), jobs?.stop(config.MC_SHUTDOWN_TIMEOUT_MS)]);
    await logCapture.stop();
    await database.close();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    database,
    stop() {
      stopping ??= (async () => {
        await Promise.all([
          httpStop?.(),
          jobs?.stop(config.MC_SHUTDOWN_TIMEOUT_MS),
          canaryDir?.stop(),
          scraperDir?.stop(),
          topologyDir?.stop(),
          playbookDir?.stop(),
          metrics?.stop(),
        ]);
        await logCapture.stop();
        await database.close();
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}
