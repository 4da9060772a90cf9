import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import { metricsServiceFor } from './metrics.service.js';
import { type MetricsListener, parseListenAddress, startMetricsListener } from './metrics-listener.js';

let database: Database;
let listener: MetricsListener;

beforeAll(async () => {
  database = await createTestDatabase();
  listener = await startMetricsListener('127.0.0.1:0', { database, logger: createLogger('error', {}, () => {}) });
});
afterAll(async () => {
  await listener.stop();
  await database.close();
});

describe('MC_METRICS_ADDRESS listener', () => {
  it('serves /metrics without sign-in on its own address, for Prometheus', async () => {
    expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const response = await fetch(listener.url);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('mc_database_up 1');
    expect(text).toContain('mc_db_pool_connections{state="total"}');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('serves nothing else: the API and the console stay on the main port', async () => {
    for (const path of ['/', '/api/about', '/api/db/people', '/metrics/../api/about']) {
      const response = await fetch(new URL(path, listener.url));
      expect(response.status, path).toBe(404);
    }
    expect((await fetch(listener.url, { method: 'POST' })).status).toBe(404);
  });

  it('answers a scrape of a database that cannot answer with mc_database_up 0 and no stale queue figures', async () => {
    const lost = await createTestDatabase();
    const metrics = metricsServiceFor(
      lost,
      createLogger('error', {}, () => {}),
    );
    await lost.pool.query(`INSERT INTO jobs (name, state) VALUES ('metrics-lost', 'pending')`);
    expect((await metrics.render()).body).toContain('mc_job_queue_depth{job="metrics-lost",state="pending"} 1');
    await lost.close();
    const { body } = await metrics.render();
    expect(body).toContain('mc_database_up 0');
    expect(body).not.toContain('metrics-lost');
    expect(body).toContain('process_resident_memory_bytes');
  });

  it('takes host:port, IPv6 in brackets, and refuses anything else at start', () => {
    expect(parseListenAddress('127.0.0.1:9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseListenAddress('[::1]:9464')).toEqual({ host: '::1', port: 9464 });
    expect(loadConfig({ MC_METRICS_ADDRESS: '[::1]:9464' }).MC_METRICS_ADDRESS).toBe('[::1]:9464');
    for (const bad of ['9464', 'localhost', 'http://127.0.0.1:9464', '127.0.0.1:99999', '::1:9464']) {
      expect(() => loadConfig({ MC_METRICS_ADDRESS: bad }), bad).toThrow(/MC_METRICS_ADDRESS/);
    }
  });
});
