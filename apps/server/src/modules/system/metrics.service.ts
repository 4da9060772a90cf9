import type { Database } from '@mc/db';
import { Gauge, Registry } from 'prom-client';
import type { Logger } from '../../platform/logger.js';
import { forgetCanaryChecks, recordedCanaryChecks } from '../../platform/metrics/canary-check-metrics.js';
import { checkMetricsRegistry } from '../../platform/metrics/check-metrics.js';
import { processRegistry } from '../../platform/metrics/metrics-registry.js';
import { installedJobRegistry } from '../jobs/index.js';
import { goneCheckIds, queueFigures, schedulerLagSeconds } from './metrics.repo.js';

/** One scrape's answer: Prometheus text exposition and its content type. */
export interface MetricsText {
  contentType: string;
  body: string;
}

/** Renders the Prometheus exposition of this process and its database. */
export interface MetricsService {
  render(): Promise<MetricsText>;
}

const services = new WeakMap<Database, MetricsService>();

/**
 * The metrics of one database: its gauges are read at scrape time (queue depth and lag by job type,
 * scheduler lag, pool use), so they are as fresh as the scrape and cost nothing between scrapes; the
 * process registry (HTTP, check runs, memory) is merged in, and checks' custom metrics are appended
 * (platform/metrics/check-metrics.ts). Built once per database.
 */
export function metricsServiceFor(database: Database, logger: Logger): MetricsService {
  const existing = services.get(database);
  if (existing) return existing;
  const own = new Registry();
  const registers = [own];
  const queueDepth = new Gauge({
    name: 'mc_job_queue_depth',
    help: 'Jobs waiting (pending) or running, by job type',
    labelNames: ['job', 'state'] as const,
    registers,
  });
  const queueLag = new Gauge({
    name: 'mc_job_queue_lag_seconds',
    help: 'How long the oldest due pending job of each type has waited past its run time',
    labelNames: ['job'] as const,
    registers,
  });
  const schedulerLag = new Gauge({
    name: 'mc_scheduler_lag_seconds',
    help: 'How far the most overdue enabled schedule is past its tick (about 1 s at most when healthy)',
    registers,
  });
  const databaseUp = new Gauge({
    name: 'mc_database_up',
    help: '1 when the scrape could read the database, 0 when it could not',
    registers,
  });
  new Gauge({
    name: 'mc_db_pool_connections',
    help: 'Database pool connections: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, database.pool.totalCount);
      this.set({ state: 'idle' }, database.pool.idleCount);
      this.set({ state: 'waiting' }, database.pool.waitingCount);
    },
  });
  const merged = Registry.merge([processRegistry, own]);

  /**
   * Reads the database figures and drops the canary-checker series of checks deleted since they ran; a
   * failing database reports up 0 and no queue series, never stale ones.
   */
  async function refresh(): Promise<void> {
    queueDepth.reset();
    queueLag.reset();
    schedulerLag.reset();
    try {
      const recorded = recordedCanaryChecks();
      const [queue, lag, gone] = await Promise.all([
        queueFigures(database.pool),
        schedulerLagSeconds(database.pool, installedJobRegistry()?.names() ?? []),
        recorded.length > 0 ? goneCheckIds(database.pool, recorded) : [],
      ]);
      forgetCanaryChecks(gone);
      for (const row of queue) {
        queueDepth.set({ job: row.name, state: row.state }, row.jobs);
        if (row.state === 'pending') queueLag.set({ job: row.name }, row.lag_seconds);
      }
      schedulerLag.set(lag);
      databaseUp.set(1);
    } catch (error) {
      logger.warn('metrics could not read the database', { error });
      databaseUp.set(0);
    }
  }

  let inFlight: Promise<MetricsText> | undefined;
  const service: MetricsService = {
    // Concurrent scrapes share one read, so the gauges are never reset under another scrape's feet.
    render() {
      inFlight ??= (async () => {
        await refresh();
        const body = `${(await merged.metrics()).trimEnd()}\n${await checkMetricsRegistry.metrics()}`;
        return { contentType: merged.contentType, body };
      })().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
  services.set(database, service);
  return service;
}
