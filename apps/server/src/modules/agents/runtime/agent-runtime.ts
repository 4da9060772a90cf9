import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { AGENT_RUN_REQUEST_POLL_MS, type AgentCanary, type AgentPushResult, type AgentScrape } from '@mc/contracts';
import { type Config, ConfigError } from '../../../platform/config.js';
import { createEgressGuard } from '../../../platform/egress/egress-guard.js';
import { serverOwnFolders } from '../../../platform/file-confinement.js';
import type { Logger } from '../../../platform/logger.js';
import { VERSION } from '../../../platform/version.js';
import { FILE_ROOTS_ENV, splitFileRoots } from '../../catalog/index.js';
import { folderConfinementSource, runCheck } from '../../health/index.js';
import { parseSchedule, type ScheduleSpec } from '../../jobs/index.js';
import { logQueryPoller } from './agent-log-queries.js';
import { runRequestPoller } from './agent-run-requests.js';
import { scraperTask } from './agent-scrapers.js';
import { openOutbox, openResultBuffer } from './result-buffer.js';
import { outboxFlusher, resultFlusher } from './result-flusher.js';
import { type ScheduledTask, taskScheduler } from './task-scheduler.js';
import { upstreamClient } from './upstream-client.js';

/** A canary's schedule when it has none (canary-checker's default interval). */
export const DEFAULT_AGENT_SCHEDULE = '@every 60s';

/** A running agent process. */
export interface RunningAgent {
  /** Stops pulling and scheduling, lets running work finish (within MC_SHUTDOWN_TIMEOUT_MS) and keeps the buffers. */
  stop(): Promise<void>;
}

function scheduleOf(canary: AgentCanary, logger: Logger): ScheduleSpec {
  try {
    return parseSchedule(canary.schedule ?? DEFAULT_AGENT_SCHEDULE);
  } catch (error) {
    logger.warn('bad canary schedule; using the default', { canary: canary.name, error: (error as Error).message });
    return parseSchedule(DEFAULT_AGENT_SCHEDULE);
  }
}

/**
 * The agent role (`MC_ROLE=agent`, docs/agents.md): no database and no console. It pulls the canaries
 * and catalog scrapers assigned to it from MC_UPSTREAM_URL every MC_AGENT_PULL_INTERVAL_MS (the pull is
 * also its heartbeat) and runs them on their schedules with the server's own check types and scraper
 * kinds. Each run's results go to an on-disk outbox under MC_DATA_DIR/agent-buffer (scrapes under
 * agent-buffer/scrapes) and are delivered upstream with retries; every result and scrape carries an
 * idempotency key, so none is stored twice. It also polls for log searches relayed to it every
 * MC_AGENT_LOG_POLL_MS and answers them from its own host, and for Run Now requests of its
 * multi-location checks every AGENT_RUN_REQUEST_POLL_MS.
 */
export async function startAgent(config: Config, logger: Logger): Promise<RunningAgent> {
  if (!config.MC_UPSTREAM_URL || !config.MC_AGENT_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  MC_ROLE=agent needs MC_UPSTREAM_URL and MC_AGENT_TOKEN');
  }
  const client = upstreamClient({ url: config.MC_UPSTREAM_URL, token: config.MC_AGENT_TOKEN, version: VERSION });
  const bufferDir = join(config.MC_DATA_DIR, 'agent-buffer');
  const buffer = await openResultBuffer(bufferDir);
  const flusher = resultFlusher(buffer, client, logger);
  const scrapeOutbox = await openOutbox<AgentScrape>(join(bufferDir, 'scrapes'));
  const scrapeFlusher = outboxFlusher(scrapeOutbox, logger, {
    batchSize: 1,
    async deliver([scrape]) {
      if (scrape) await client.pushScrape(scrape);
    },
  });
  // The agent runs next to the systems it watches; its operator sets its egress by where it runs.
  const egress = createEgressGuard({ getPolicy: () => ({}) });
  const deniedRoots = serverOwnFolders(config.MC_DATA_DIR);
  // folder checks list only below the agent host's own MC_HEALTH_FOLDER_ROOTS
  const folderConfinement = folderConfinementSource({ dataDir: config.MC_DATA_DIR });
  const stopping = new AbortController();
  const scheduler = taskScheduler(logger, stopping.signal);
  const logQueries = logQueryPoller(client, logger, {
    intervalMs: config.MC_AGENT_LOG_POLL_MS,
    egress,
    deniedRoots,
    stopping: stopping.signal,
  });

  const runCanary = async (canary: AgentCanary) => {
    const results = await Promise.all(
      canary.checks.map(async (check): Promise<AgentPushResult> => {
        const time = new Date();
        const result = await runCheck(check.type, check.spec, {
          egress,
          folderConfinement,
          namespace: canary.namespace,
          canary: {
            name: canary.name,
            namespace: canary.namespace,
            ...(canary.labels ? { labels: canary.labels } : {}),
          },
        });
        return {
          key: randomUUID(),
          check_id: check.id,
          time: time.toISOString(),
          status: result.status,
          duration: Math.max(0, Math.round(result.duration)),
          message: result.message.slice(0, 10_000),
          ...(result.error ? { error: result.error.slice(0, 10_000) } : {}),
          ...(result.invalid ? { invalid: true } : {}),
          details: result.details,
        };
      }),
    );
    await buffer.append(results);
    flusher.kick();
  };

  const canaryTask = (canary: AgentCanary): ScheduledTask => ({
    id: canary.id,
    label: `canary ${canary.namespace}/${canary.name}`,
    fingerprint: JSON.stringify(canary),
    schedule: scheduleOf(canary, logger),
    run: () => runCanary(canary),
  });
  const scrapeDeps = {
    outbox: scrapeOutbox,
    egress,
    deniedRoots,
    fileRoots: splitFileRoots(process.env[FILE_ROOTS_ENV]),
    logger,
    stopping: stopping.signal,
    kick: () => scrapeFlusher.kick(),
  };

  const pulled = new Map<string, AgentCanary>();
  const runRequests = runRequestPoller(client, logger, {
    intervalMs: AGENT_RUN_REQUEST_POLL_MS,
    stopping: stopping.signal,
    canaryOf: (id) => pulled.get(id),
    run: runCanary,
  });

  let pullTimer: NodeJS.Timeout | undefined;
  const pull = async () => {
    try {
      const canaries = await client.canaries();
      pulled.clear();
      for (const canary of canaries) pulled.set(canary.id, canary);
      scheduler.reconcile(canaries.map(canaryTask), 'canary');
    } catch (error) {
      logger.warn('pull failed; keeps running the canaries it has', { error: (error as Error).message });
    }
    try {
      const scrapers = await client.scrapers();
      scheduler.reconcile(
        scrapers.flatMap((scraper) => scraperTask(scraper, scrapeDeps) ?? []),
        'scraper',
      );
    } catch (error) {
      logger.warn('pull failed; keeps running the scrapers it has', { error: (error as Error).message });
    }
    if (!stopping.signal.aborted) pullTimer = setTimeout(() => void pull(), config.MC_AGENT_PULL_INTERVAL_MS);
  };

  logger.info('agent started', {
    upstream: config.MC_UPSTREAM_URL,
    buffered: await buffer.count(),
    scrapesBuffered: await scrapeOutbox.count(),
  });
  flusher.kick();
  scrapeFlusher.kick();
  await pull();
  logQueries.start();
  runRequests.start();
  return {
    async stop() {
      stopping.abort();
      if (pullTimer) clearTimeout(pullTimer);
      await scheduler.stop(config.MC_SHUTDOWN_TIMEOUT_MS);
      await Promise.all([flusher.stop(), scrapeFlusher.stop(), logQueries.stop(), runRequests.stop()]);
      logger.info('agent stopped', { buffered: await buffer.count(), scrapesBuffered: await scrapeOutbox.count() });
    },
  };
}
