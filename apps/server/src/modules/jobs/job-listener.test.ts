import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import { EVENTS_CHANNEL } from '../notifications/index.js';
import type { ConsumerDefinition } from './consumer-definition.js';
import { enqueue } from './enqueue.js';
import { defineJob } from './job-definition.js';
import { JobRegistry } from './job-registry.js';
import { startJobRuntime } from './job-runtime.js';
import { findJob } from './jobs.repo.js';
import { waitFor } from './testing/job-test-kit.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const pingJob = defineJob({
  name: 'test_ping',
  payload: z.object({}),
  async handler() {
    return undefined;
  },
});

describe.skipIf(testEngine() !== 'postgres')('LISTEN/NOTIFY wake-up (PostgreSQL only)', () => {
  it('an idle worker picks up a job as soon as the enqueuing transaction commits, not at its next poll', async () => {
    const { url, drop } = await createPostgresTestUrl();
    cleanups.push(drop);
    const database = connectPostgres(url, { max: 4 });
    cleanups.push(() => database.close());
    const config = { ...loadConfig({ DATABASE_URL: url }), MC_JOB_POLL_INTERVAL_MS: 60_000 };
    const runtime = await startJobRuntime(
      { config, database, logger: createLogger('error', {}, () => {}) },
      new JobRegistry([pingJob]),
    );
    cleanups.push(() => runtime.stop(1_000));
    await waitFor(async () => {
      const { rows } = await database.pool.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %mc_jobs%'",
      );
      return rows.length > 0;
    });

    const client = await database.pool.connect();
    let id: string | null;
    try {
      await client.query('BEGIN');
      id = await enqueue(client, pingJob, {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await findJob(database.pool, id ?? '')).toBeUndefined();
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const committed = Date.now();
    await waitFor(async () => (await findJob(database.pool, id ?? ''))?.state === 'succeeded', 5_000);
    expect(Date.now() - committed).toBeLessThan(5_000);
  });

  it('a consumer passes once at start, then as soon as an event is queued (mc_events), not at its next poll', async () => {
    const { url, drop } = await createPostgresTestUrl();
    cleanups.push(drop);
    const database = connectPostgres(url, { max: 4 });
    cleanups.push(() => database.close());
    const config = loadConfig({ DATABASE_URL: url });
    const passes: number[] = [];
    const counter: ConsumerDefinition = {
      name: 'test consumer',
      channel: EVENTS_CHANNEL,
      pollMs: { listening: 60_000, polling: 60_000 },
      async pass() {
        passes.push(Date.now());
        return { enqueued: false };
      },
    };
    const runtime = await startJobRuntime(
      { config, database, logger: createLogger('error', {}, () => {}) },
      new JobRegistry([], [counter]),
    );
    cleanups.push(() => runtime.stop(1_000));
    await waitFor(async () => {
      const { rows } = await database.pool.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %mc_events%'",
      );
      return rows.length > 0;
    });
    await waitFor(async () => passes.length >= 2); // at start, and once more when the listener connected
    const before = passes.length;
    const queued = Date.now();
    await database.pool.query(`INSERT INTO event_queue (name, properties) VALUES ('check.failed', '{"id": "x"}')`);
    await waitFor(async () => passes.length > before, 5_000);
    expect((passes.at(-1) ?? 0) - queued).toBeLessThan(5_000);
  });
});
