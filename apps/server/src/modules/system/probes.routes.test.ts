import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { livenessSchema, notReadySchema, readySchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { loadMigrations } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLifecycle } from '../../platform/lifecycle.js';
import { createLogger } from '../../platform/logger.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startMetricsListener } from './metrics-listener.js';
import { registerProbeRoutes } from './probes.routes.js';
import { readinessProbe } from './probes.service.js';

/**
 * `/livez` and `/readyz`: public JSON answers (never the console's page), readiness failing with a
 * 503 naming the condition — draining, migrations, database — and both served on the metrics listener.
 */

let t: TestApp;
let webDist: string;
/** A database whose pool is closed: any query fails at once. */
let closed: Database;
const quiet = createLogger('error', {}, () => {});

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'mc-probes-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>console</title>');
  t = await createTestApp({ webDist });
  closed = await createTestDatabase();
  await closed.close();
});
afterAll(async () => {
  await t.close();
});

describe('GET /livez', () => {
  it('answers 200 {status: ok} without sign-in, JSON and uncached, even to a browser navigation', async () => {
    for (const accept of ['*/*', 'text/html,application/xhtml+xml']) {
      const response = await t.app.request('/livez', { headers: { accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(livenessSchema.parse(await response.json())).toEqual({ status: 'ok' });
    }
  });
});

describe('GET /readyz', () => {
  it('answers 200 {status: ready} without sign-in when migrated and the database answers', async () => {
    const response = await t.app.request('/readyz', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(readySchema.parse(await response.json())).toEqual({ status: 'ready' });
  });

  it('answers 503 naming only "draining" from the moment a shutdown starts, without asking the database', async () => {
    const lifecycle = createLifecycle();
    const app = new Hono();
    registerProbeRoutes(app, { database: closed, logger: quiet, lifecycle });
    expect((await app.request('/readyz')).status).toBe(503); // the database does not answer
    lifecycle.drain();
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    const body = notReadySchema.parse(await response.json());
    expect(body.failed.map((failure) => failure.condition)).toEqual(['draining']);
    expect((await app.request('/livez')).status).toBe(200);
  });

  it('answers 503 naming "database" when the database does not answer', async () => {
    const failed = await readinessProbe(closed, createLifecycle()).failures();
    expect(failed).toHaveLength(1);
    expect(failed[0]?.condition).toBe('database');
    expect(failed[0]?.message).toMatch(/^The database did not answer: /);
  });

  it('answers 503 naming "migrations" when a migration this build ships is not applied', async () => {
    const names = [...loadMigrations().map((migration) => migration.name), '9999_not_applied.sql'];
    const failed = await readinessProbe(t.database, undefined, names).failures();
    expect(failed).toEqual([
      { condition: 'migrations', message: `1 of this version's ${names.length} migrations are not applied` },
    ]);
  });

  it('answers 503 naming "migrations" on a database that was never migrated', async () => {
    await t.database.pool.query('ALTER TABLE schema_migrations RENAME TO schema_migrations_hidden');
    try {
      const failed = await readinessProbe(t.database, undefined).failures();
      expect(failed.map((failure) => failure.condition)).toEqual(['migrations']);
      expect(failed[0]?.message).toContain('schema_migrations is missing');
    } finally {
      await t.database.pool.query('ALTER TABLE schema_migrations_hidden RENAME TO schema_migrations');
    }
  });
});

describe('probes on the MC_METRICS_ADDRESS listener', () => {
  it('serves /livez and /readyz beside /metrics, so a worker-only process can be probed', async () => {
    const lifecycle = createLifecycle();
    const listener = await startMetricsListener('127.0.0.1:0', { database: t.database, logger: quiet, lifecycle });
    try {
      expect((await fetch(new URL('/livez', listener.url))).status).toBe(200);
      expect((await fetch(new URL('/readyz', listener.url))).status).toBe(200);
      lifecycle.drain();
      expect((await fetch(new URL('/readyz', listener.url))).status).toBe(503);
    } finally {
      await listener.stop();
    }
  });
});
