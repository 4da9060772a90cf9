import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
let sources: string;
let dataDir: string;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp({ env: { MC_AGENT_LOG_QUERY_TIMEOUT_MS: '3000' } });
  sources = await mkdtemp(join(tmpdir(), 'mc-agent-sources-'));
  dataDir = await mkdtemp(join(tmpdir(), 'mc-agent-data-'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await rm(sources, { recursive: true, force: true });
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

const thing = (version: number) => JSON.stringify({ id: 't-1', name: 'edge-thing', version });
const now = new Date().toISOString();

describe('an agent process runs scrapers and answers log searches', () => {
  it(
    'pushes its scraper’s items and changes (buffered while the upstream is down), answers /api/logs from its files and runs a multi-location check on Run Now',
    async () => {
      const admin = (await signedInUser(t, { roles: ['admin'] })).token;
      const generated = (await (
        await apiCall(t.app, 'POST', '/api/agent/generate', admin, { name: 'edge-scraper' })
      ).json()) as { id: string; access_token: string };
      await writeFile(join(sources, 'thing.json'), thing(1));
      await writeFile(
        join(sources, 'app.log'),
        [`${now} INFO  checkout started`, `${now} ERROR payment gateway timeout order=42`].join('\n'),
      );
      const created = await apiCall(t.app, 'POST', '/api/catalog/scrapers', admin, {
        apiVersion: 'configs.flanksource.com/v1',
        kind: 'ScrapeConfig',
        metadata: { name: 'edge-files' },
        spec: {
          schedule: '@every 2s',
          file: [{ type: 'Edge::Thing', id: '$.id', name: '$.name', paths: [join(sources, '*.json')] }],
        },
      });
      expect(created.status).toBe(201);
      const scraperId = String(((await created.json()) as { id: string }).id);
      await t.database.pool.query('UPDATE config_scrapers SET agent_id = $1 WHERE id = $2', [generated.id, scraperId]);
      await t.database.pool.query(`INSERT INTO logging_backends (name, spec, agent_id) VALUES ('edge-logs', $1, $2)`, [
        JSON.stringify({
          file: [
            { paths: [join(sources, '*.log')], pattern: '^(?<timestamp>\\S+) (?<level>[A-Z]+)\\s+(?<message>.*)$' },
          ],
        }),
        generated.id,
      ]);

      // a multi-location check run from this agent alone, hourly: only Run Now makes it run again soon
      const located = await apiCall(t.app, 'POST', '/api/canaries', admin, {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'edge-located' },
        spec: {
          schedule: '@every 1h',
          locations: ['edge-scraper'],
          tcp: [{ name: 'port-9', endpoint: '127.0.0.1:9' }],
        },
      });
      expect(located.status).toBe(201);
      const { rows: locatedChecks } = await t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [
        ((await located.json()) as { id: string }).id,
      ]);
      const locatedCheck = String(locatedChecks[0]?.id);
      const vote = async () =>
        (
          await t.database.pool.query<{ time: Date }>(
            'SELECT time FROM check_location_statuses WHERE check_id = $1 AND agent_id = $2',
            [locatedCheck, generated.id],
          )
        ).rows[0]?.time;

      let upstream = await listen(0);
      const port = upstream.port;
      cleanups.push(() => upstream.close());
      const agent = spawnServer({
        MC_ROLE: 'agent',
        MC_UPSTREAM_URL: `http://127.0.0.1:${port}`,
        MC_AGENT_TOKEN: generated.access_token,
        MC_DATA_DIR: dataDir,
        MC_AGENT_PULL_INTERVAL_MS: '500',
        MC_AGENT_LOG_POLL_MS: '200',
        MC_LOG_FILE_ROOTS: sources,
        MC_SCRAPER_FILE_ROOTS: sources,
        MC_SHUTDOWN_TIMEOUT_MS: '5000',
      });
      cleanups.push(async () => {
        if (agent.child.exitCode === null && agent.child.signalCode === null) agent.child.kill('SIGKILL');
      });
      const until = async (condition: () => Promise<boolean>, ms: number) => {
        try {
          await waitFor(condition, ms);
        } catch (error) {
          throw new Error(`${(error as Error).message}; agent log: ${JSON.stringify(agent.logs.slice(-8))}`);
        }
      };
      const item = async () =>
        (
          await t.database.pool.query<{ id: string; agent_id: string; config: { version: number } }>(
            'SELECT id, agent_id, config FROM config_items WHERE scraper_id = $1 AND deleted_at IS NULL',
            [scraperId],
          )
        ).rows[0];

      // 1. The scraper runs on the agent; its item arrives upstream carrying the agent's id.
      await until(async () => (await item()) !== undefined, 180_000);
      expect(await item()).toMatchObject({ agent_id: generated.id, config: { version: 1 } });

      // 2. A log search of the agent's backend is relayed to it and answered from its file.
      const found = await apiCall(t.app, 'POST', '/api/logs', admin, { name: 'edge-logs', query: { text: 'timeout' } });
      expect(found.status).toBe(200);
      expect(await found.json()).toMatchObject({
        backend: { name: 'edge-logs', kinds: ['file'] },
        lines: [{ level: 'error', message: 'payment gateway timeout order=42' }],
        total: 1,
      });

      // 3. Run Now on the multi-location check asks the agent, which runs it at its next poll and votes.
      await until(async () => (await vote()) !== undefined, 60_000);
      const first = await vote();
      const asked = await apiCall(t.app, 'POST', `/api/canary/run/check/${locatedCheck}`, admin);
      expect(asked.status).toBe(202);
      expect(await asked.json()).toMatchObject({ requested: ['edge-scraper'] });
      await until(async () => ((await vote())?.getTime() ?? 0) > (first?.getTime() ?? 0), 60_000);

      // 4. The upstream goes away and the source changes: the agent keeps its scrapes on disk.
      await upstream.close();
      await writeFile(join(sources, 'thing.json'), thing(2));
      const outbox = join(dataDir, 'agent-buffer', 'scrapes');
      const pending = () => readdirSync(outbox).filter((name) => name.endsWith('.json')).length;
      await until(async () => pending() >= 2, 60_000);
      expect((await item())?.config.version).toBe(1);

      // 5. It comes back: the buffered scrapes are delivered, the change is recorded once.
      upstream = await listen(port);
      await until(async () => pending() === 0 && (await item())?.config.version === 2, 90_000);
      const { rows: diffs } = await t.database.pool.query(
        "SELECT count(*)::int AS n FROM config_changes WHERE config_id = $1 AND change_type = 'diff'",
        [(await item())?.id],
      );
      expect(diffs[0].n).toBe(1);

      // 6. The agent stops: a search of its backend waits for it, then says it did not answer.
      agent.child.kill('SIGTERM');
      expect(await agent.exited).toBe(0);
      expect(readdirSync(join(outbox, 'rejected'))).toEqual([]);
      const silent = await apiCall(t.app, 'POST', '/api/logs', admin, { name: 'edge-logs' });
      expect(silent.status).toBe(504);
      expect(((await silent.json()) as { message: string }).message).toBe(
        "Agent 'edge-scraper' did not answer the search of log backend 'edge-logs' within 3 s",
      );
    },
    SLOW_TEST_MS,
  );
});
