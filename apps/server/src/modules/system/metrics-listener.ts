import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Database } from '@mc/db';
import { Hono } from 'hono';
import type { Logger } from '../../platform/logger.js';
import { METRICS_PATH, metricsHandler } from './metrics.routes.js';
import { metricsServiceFor } from './metrics.service.js';

/** A running metrics listener: where it listens and how to stop it. */
export interface MetricsListener {
  url: string;
  stop(): Promise<void>;
}

/** Splits `host:port` (`[::1]:9464` for IPv6) as MC_METRICS_ADDRESS is validated to hold it. */
export function parseListenAddress(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  return { host, port: Number(address.slice(at + 1)) };
}

/**
 * A second HTTP listener that serves only `GET /metrics`, without sign-in: whoever can reach its
 * address may scrape, so it belongs on a loopback or private interface (MC_METRICS_ADDRESS). Every
 * server role starts it, so a worker-only process, which has no console port, can be scraped too.
 */
export async function startMetricsListener(
  address: string,
  deps: { database: Database; logger: Logger },
): Promise<MetricsListener> {
  const metrics = metricsServiceFor(deps.database, deps.logger);
  const app = new Hono();
  app.get(METRICS_PATH, metricsHandler(metrics));
  app.notFound((c) => c.json({ code: 'not_found', message: `Only ${METRICS_PATH} is served here` }, 404));
  const { host, port } = parseListenAddress(address);
  const server = serve({ fetch: app.fetch, hostname: host, port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const bound = server.address() as AddressInfo; // a TCP listener always has an AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}${METRICS_PATH}`;
  deps.logger.info('metrics listening', { url });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
