import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPostgres, type Database, openEmbedded } from '@mc/db';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../test/server-process.js';
import { waitFor } from './testing/job-test-kit.js';

/** How long the check's target takes to answer: the run is in flight when the server is told to stop. */
const SLOW_ANSWER_MS = 3_000;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe('job thread (MC_ROLE=all)', () => {
  it('runs the check runner in the job thread, and SIGTERM lets the in-flight run finish and be stored', async () => {
    const requests = { started: 0, answered: 0 };
    const target = createServer((_req, res) => {
      requests.started++;
      setTimeout(() => {
        res.end('ok', () => {
          requests.answered++;
        });
      }, SLOW_ANSWER_MS);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => target.close(() => resolve())));
    const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener

    const canaryDir = mkdtempSync(join(tmpdir(), 'mc-job-thread-canaries-'));
    writeFileSync(
      join(canaryDir, 'slow.yaml'),
      [
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Canary',
        'metadata: {name: slow}',
        'spec:',
        "  schedule: '@every 1h'",
        `  http: [{name: slow-site, endpoint: '${base}/slow', responseCodes: [200]}]`,
      ].join('\n'),
    );
    const env: Record<string, string> = { MC_ROLE: 'all', MC_CANARY_DIR: canaryDir };
    let open: () => Promise<Database>;
    if (testEngine() === 'postgres') {
      const { url, drop } = await createPostgresTestUrl();
      cleanups.push(drop);
      env.DATABASE_URL = url;
      open = async () => connectPostgres(url, { max: 2 });
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'mc-job-thread-'));
      env.MC_DATA_DIR = dataDir;
      open = () => openEmbedded(dataDir);
    }

    const server = spawnServer(env);
    cleanups.push(async () => {
      server.child.kill('SIGKILL');
    });
    await server.url;
    await waitFor(async () => requests.started > 0 || undefined, 150_000);
    const started = server.logs.find((line) => line.msg === 'job runtime started');
    expect(started?.thread).toBe('jobs');
    expect(server.logs.some((line) => line.msg === 'job thread started')).toBe(true);
    expect(requests.answered).toBe(0);
    if (process.platform === 'linux') {
      // The HTTP (main) thread runs niced below the job thread, so readers cannot take the runner's CPU.
      const pid = server.child.pid ?? 0;
      const niceOf = (tid: string) =>
        Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
      const base = Math.min(...readdirSync(`/proc/${pid}/task`).map(niceOf));
      expect(niceOf(String(pid))).toBe(Math.min(19, base + 10));
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(requests.answered).toBe(1);
    expect(server.logs.some((line) => line.msg === 'job thread stopped')).toBe(true);

    const database = await open();
    try {
      const { rows: results } = await database.pool.query<{ status: boolean }>(
        `SELECT s.status FROM check_statuses s JOIN checks k ON k.id = s.check_id WHERE k.name = 'slow-site'`,
      );
      expect(results).toEqual([{ status: true }]);
      const { rows: history } = await database.pool.query<{ status: string }>(
        `SELECT h.status FROM job_history h JOIN canaries c ON c.id::text = h.resource_id::text
         WHERE h.name = 'run_canary' AND c.name = 'slow'`,
      );
      expect(history).toEqual([{ status: 'SUCCESS' }]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
