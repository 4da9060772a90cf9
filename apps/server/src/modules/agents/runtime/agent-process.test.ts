import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../../test/server-process.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { waitFor } from '../../jobs/testing/job-test-kit.js';

/** Two processes (this one serving the upstream, the spawned agent; tsx alone takes 30 s to start one on a loaded machine). */
const SLOW_TEST_MS = 400_000;

let t: TestApp;
let target: Server;
let targetHits = 0;
let dataDir: string;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp();
  target = createServer((_req, res) => {
    targetHits++;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(join(tmpdir(), 'mc-agent-'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await new Promise((resolve) => target.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
  await t.close();
});

/** The upstream: the full app on a real port, which the test can close and open again on the same port. */
function listen(port: number): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' }, (info) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const stored = async (checkId: string): Promise<number> =>
  (await t.database.pool.query('SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1', [checkId])).rows[0]
    .n;

describe('an agent process (MC_ROLE=agent)', () => {
  it(
    'runs its canary against a local server, buffers while the upstream is down and delivers all once, none lost',
    async () => {
      const admin = (await signedInUser(t, { roles: ['admin'] })).token;
      const generated = (await (
        await apiCall(t.app, 'POST', '/api/agent/generate', admin, { name: 'loopback' })
      ).json()) as { id: string; access_token: string };
      const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener
      const canary = await t.database.pool.query(
        "INSERT INTO canaries (agent_id, name, schedule) VALUES ($1, 'edge', '@every 1s') RETURNING id",
        [generated.id],
      );
      const check = await t.database.pool.query(
        `INSERT INTO checks (canary_id, type, name, spec) VALUES ($1, 'http', 'hit', $2) RETURNING id`,
        [canary.rows[0].id, JSON.stringify({ name: 'hit', url: `${base}/health`, responseCodes: [200] })],
      );
      const checkId = String(check.rows[0].id);

      let upstream = await listen(0);
      const port = upstream.port;
      cleanups.push(() => upstream.close());
      const agent = spawnServer({
        MC_ROLE: 'agent',
        MC_UPSTREAM_URL: `http://127.0.0.1:${port}`,
        MC_AGENT_TOKEN: generated.access_token,
        MC_DATA_DIR: dataDir,
        MC_AGENT_PULL_INTERVAL_MS: '500',
        MC_SHUTDOWN_TIMEOUT_MS: '5000',
      });
      cleanups.push(async () => {
        if (agent.child.exitCode === null && agent.child.signalCode === null) agent.child.kill('SIGKILL');
      });
      /** Waits for a condition; a timeout names the agent's last log lines. */
      const until = async (condition: () => Promise<boolean>, ms: number) => {
        try {
          await waitFor(condition, ms);
        } catch (error) {
          throw new Error(`${(error as Error).message}; agent log: ${JSON.stringify(agent.logs.slice(-8))}`);
        }
      };

      // 1. Results appear upstream, against the check, which now carries the agent's id.
      await until(async () => (await stored(checkId)) >= 3, 180_000);
      const { rows } = await t.database.pool.query('SELECT agent_id, status FROM checks WHERE id = $1', [checkId]);
      expect(rows[0]).toEqual({ agent_id: generated.id, status: 'healthy' });

      // 2. The upstream goes away: the agent keeps running the canary and keeps the results on disk.
      await upstream.close();
      const storedWhileDown = await stored(checkId);
      const hitsAtStop = targetHits;
      const buffer = join(dataDir, 'agent-buffer');
      const pending = () => readdirSync(buffer).filter((name) => name.endsWith('.json')).length;
      await until(async () => targetHits >= hitsAtStop + 3 && pending() >= 3, 60_000);
      expect(await stored(checkId)).toBe(storedWhileDown);

      // 3. It comes back on the same address: everything buffered is delivered.
      upstream = await listen(port);
      await until(async () => pending() === 0 && (await stored(checkId)) >= storedWhileDown + 3, 90_000);

      // 4. Stop the agent; every run it made is stored upstream once, or still in its buffer.
      agent.child.kill('SIGTERM');
      expect(await agent.exited).toBe(0);
      const leftInBuffer = readdirSync(buffer).filter((name) => name.endsWith('.json')).length;
      const total = await stored(checkId);
      const receipts = (
        await t.database.pool.query('SELECT count(*)::int AS n FROM agent_push_receipts WHERE agent_id = $1', [
          generated.id,
        ])
      ).rows[0].n;
      console.info(
        `agent process: ${targetHits} runs, ${total} stored upstream, ${leftInBuffer} still buffered, ${receipts} receipts`,
      );
      expect(receipts).toBe(total);
      expect(total + leftInBuffer).toBe(targetHits);
      expect(readdirSync(join(buffer, 'rejected'))).toEqual([]);
      const seen = await apiCall(t.app, 'GET', `/api/agents/${generated.id}`, admin);
      expect(await seen.json()).toMatchObject({ health: 'healthy', checks_count: 1 });
    },
    SLOW_TEST_MS,
  );
});
