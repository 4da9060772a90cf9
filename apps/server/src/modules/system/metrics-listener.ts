import type { Database } from '@mc/db';
import { Hono } from 'hono';
import { gracefulHttpServer } from '../../platform/graceful-http-server.js';
import type { Lifecycle } from '../../platform/lifecycle.js';
import type { Logger } from '../../platform/logger.js';
import { METRICS_PATH, metricsHandler } from './metrics.routes.js';
import { metricsServiceFor } from './metrics.service.js';
import { LIVENESS_PATH, READINESS_PATH, registerProbeRoutes } from './probes.routes.js';

/** A running metrics listener: where it listens and how to stop it. */
export interface MetricsListener {
  url: string;
  /** Stops listening; scrapes and probes in flight finish unless `deadline` (epoch ms, default now) passes. */
  stop(deadline?: number): Promise<void>;
}

/** Splits `host:port` (`[::1]:9464` for IPv6) as MC_METRICS_ADDRESS is validated to hold it. */
export function parseListenAddress(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  return { host, port: Number(address.slice(at + 1)) };
}

/**
 * A second HTTP listener that serves only `GET /metrics`, without sign-in, and the probes `/livez` and
 * `/readyz`: whoever can reach its address may scrape, so it belongs on a loopback or private interface
 * (MC_METRICS_ADDRESS). Every server role starts it, so a worker-only process, which has no console
 * port, can be scraped and probed too. It drains with the process (`/readyz` answers 503) and is stopped
 * last, so probes and scrapes are answered while jobs finish.
 */
export async function startMetricsListener(
  address: string,
  deps: { database: Database; logger: Logger; lifecycle?: Lifecycle },
): Promise<MetricsListener> {
  const metrics = metricsServiceFor(deps.database, deps.logger);
  const app = new Hono();
  app.get(METRICS_PATH, metricsHandler(metrics));
  registerProbeRoutes(app, deps);
  const served = [METRICS_PATH, LIVENESS_PATH, READINESS_PATH].join(', ');
  app.notFound((c) => c.json({ code: 'not_found', message: `Only ${served} are served here` }, 404));
  const { host, port } = parseListenAddress(address);
  const server = gracefulHttpServer(app.fetch, host);
  const bound = await server.listen(port, host);
  deps.lifecycle?.onDrain(() => server.drain());
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}${METRICS_PATH}`;
  deps.logger.info('metrics listening', { url });
  return { url, stop: (deadline = Date.now()) => server.close(deadline) };
}
