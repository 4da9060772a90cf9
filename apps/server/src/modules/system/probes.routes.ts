import type { Database } from '@mc/db';
import type { Env, Hono } from 'hono';
import type { Lifecycle } from '../../platform/lifecycle.js';
import type { Logger } from '../../platform/logger.js';
import { type ReadinessFailure, readinessProbe } from './probes.service.js';

/** Path of the liveness probe: the process is alive. */
export const LIVENESS_PATH = '/livez';
/** Path of the readiness probe: the process should take traffic. */
export const READINESS_PATH = '/readyz';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * `GET /livez` and `GET /readyz`, public (documented in system.openapi.ts), on the console's port and
 * on the MC_METRICS_ADDRESS listener (so a worker-only process, which has no console port, can be
 * probed). `/livez` checks nothing but that the event loop answers — a database outage must not get
 * every replica restarted; `/readyz` is {@link readinessProbe}. Readiness changes are logged once
 * each, not on every probe.
 */
export function registerProbeRoutes<E extends Env>(
  app: Hono<E>,
  deps: { database: Database; logger: Logger; lifecycle?: Lifecycle },
): void {
  const probe = readinessProbe(deps.database, deps.lifecycle);
  let wasReady: boolean | undefined;
  const logChange = (failed: ReadinessFailure[]) => {
    const ready = failed.length === 0;
    if (ready === wasReady) return;
    wasReady = ready;
    if (ready) deps.logger.info('ready');
    else deps.logger.warn('not ready', { failed });
  };
  app.get(LIVENESS_PATH, (c) => c.json({ status: 'ok' as const }, 200, NO_STORE));
  app.get(READINESS_PATH, async (c) => {
    const failed = await probe.failures();
    logChange(failed);
    if (failed.length === 0) return c.json({ status: 'ready' as const }, 200, NO_STORE);
    return c.json({ status: 'not ready' as const, failed }, 503, NO_STORE);
  });
}
