import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { expect, test } from 'vitest';
import { spawnServer } from '../../../test/server-process.js';

/** A fresh install shows real items in its catalog within a minute (issue 13 item 1, system scraper). */
const WITHIN_MS = 60_000;

test('a fresh install’s server scrapes this host within a minute of start', { timeout: 150_000 }, async () => {
  const env: Record<string, string> = {
    MC_ADMIN_EMAIL: 'catalog@example.com',
    MC_ADMIN_PASSWORD: 'catalog-admin-password',
  };
  let cleanup = async () => {};
  if (testEngine() === 'postgres') {
    const created = await createPostgresTestUrl();
    cleanup = created.drop;
    env.DATABASE_URL = created.url;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'mc-fresh-catalog-'));
    env.MC_DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const server = spawnServer(env);
  try {
    const url = await server.url;
    const started = Date.now();
    // The administrator is created while the server starts: sign in until it exists.
    const signIn = async (): Promise<string | undefined> => {
      const flow = (await (await fetch(`${url}/api/.ory/self-service/login/api`)).json()) as { id: string };
      const response = await fetch(`${url}/api/.ory/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'password', identifier: env.MC_ADMIN_EMAIL, password: env.MC_ADMIN_PASSWORD }),
      });
      return response.ok ? ((await response.json()) as { session_token: string }).session_token : undefined;
    };
    let token: string | undefined;
    let hosts: { name: string }[] = [];
    let last = '';
    while (Date.now() - started < WITHIN_MS) {
      token ??= await signIn();
      if (token) {
        const response = await fetch(`${url}/api/db/config_items?type=eq.System::Host&select=name`, {
          headers: { authorization: `Bearer ${token}` },
        });
        last = `${response.status}`;
        hosts = response.ok ? ((await response.json()) as { name: string }[]) : [];
        if (hosts.length > 0) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    console.info(`fresh install: the system scraper's host item appeared ${Date.now() - started} ms after start`);
    if (hosts.length === 0) console.info(`no host item; signed in: ${token !== undefined}, last answer ${last}`);
    expect(hosts).toHaveLength(1);
    const scrapers = (await (
      await fetch(`${url}/api/catalog/scrapers`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { name: string; source: string; items: number }[];
    expect(scrapers.find((s) => s.name === 'system')).toMatchObject({ source: 'System', items: expect.any(Number) });
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await cleanup();
  }
});
