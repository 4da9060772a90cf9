import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.js';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { collect, runScrape } from '../scrape/scrape-engine.js';
import { mustValidateScrapeConfig } from '../scrapers/scrape-config.js';
import { syncScraperDir } from '../scrapers/scraper-dir.js';
import { scrapeConfig } from '../testing/catalog-test-app.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * Issue 25, finding 6: a scraper with `transform.mask` stored the clear-text password in the catalog,
 * where every reader saw it. Real routes, real sessions: an editor saves an http scraper with masks, it
 * runs against a local server answering a secret-bearing document, and a guest reads the item and its
 * changes through every read path — the clear text appears nowhere, also not after the secret changes.
 */
describe('transform.mask keeps secrets out of the catalog', () => {
  let t: TestApp;
  let editor: string;
  let guest: string;
  let server: Server;
  let password = 'first-clear-password';
  const apiKey = 'clear-api-key-123';
  const secrets = () => ['first-clear-password', 'second-clear-password', apiKey];

  beforeAll(async () => {
    t = await createTestApp();
    editor = (await signedInUser(t, { roles: ['editor'] })).token;
    guest = (await signedInUser(t, { roles: ['guest'] })).token;
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ id: 'db-1', name: 'orders-db', password, nested: { apiKey, user: 'app' } }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/databases`; // a listening TCP server
  const masks = [
    { selector: "config_type == 'Test::Database'", jsonpath: '$.password', value: 'md5sum' },
    { selector: { type: 'Test::Database' }, jsonpath: 'nested.apiKey', value: '***' },
  ];
  const httpEntry = (transform?: unknown) => ({
    type: 'Test::Database',
    url: url(),
    ...(transform ? { transform } : {}),
  });
  const scrape = async (id: string) => {
    const run = await apiCall(t.app, 'POST', `/api/catalog/scrapers/${id}/run`, editor);
    expect(run.status, await run.clone().text()).toBe(200);
    // Run Now queued the job; no worker runs in this test, so the scrape runs here as the job would.
    const outcome = await runScrape({ database: t.database, config: loadConfig({}) }, id, {
      signal: new AbortController().signal,
      jobName: 'run_scraper',
    });
    expect(outcome.errors).toEqual([]);
  };
  const create = async (name: string, transform?: unknown) => {
    const created = await apiCall(
      t.app,
      'POST',
      '/api/catalog/scrapers',
      editor,
      scrapeConfig(name, { http: [httpEntry(transform)] }),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    return String(((await created.json()) as { id: string }).id);
  };
  /** Everything a guest reads about the scraper's items, as text. */
  const guestReads = async (scraperId: string) => {
    const items = await apiCall(
      t.app,
      'GET',
      `/api/db/config_items?scraper_id=eq.${scraperId}&select=id,config`,
      guest,
    );
    expect(items.status).toBe(200);
    const itemsText = await items.text();
    const [item] = JSON.parse(itemsText) as { id: string; config: Record<string, unknown> }[];
    const changes = await apiCall(t.app, 'GET', `/api/db/config_changes?config_id=eq.${item?.id}&select=*`, guest);
    expect(changes.status).toBe(200);
    const search = await apiCall(t.app, 'POST', '/api/catalog/changes', guest, { id: item?.id, recursive: 'none' });
    expect(search.status).toBe(200);
    const detail = await apiCall(t.app, 'GET', `/api/db/config_detail?id=eq.${item?.id}`, guest);
    return {
      item,
      changes: JSON.parse(await changes.clone().text()) as { change_type: string; diff: string | null }[],
      text: [itemsText, await changes.text(), await search.text(), await detail.text()].join('\n'),
    };
  };
  const storedText = async () =>
    (
      await t.database.pool.query<{ text: string }>(
        `SELECT coalesce((SELECT string_agg(config::text, ' ') FROM config_items), '') || ' ' ||
                coalesce((SELECT string_agg(coalesce(diff, '') || coalesce(patches::text, ''), ' ') FROM config_changes), '') AS text`,
      )
    ).rows[0]?.text ?? '';

  it('stores the hash or the fixed text, and a changed secret shows only as a changed hash', async () => {
    password = 'first-clear-password';
    const id = await create('masked-databases', { mask: masks });
    await scrape(id);
    const first = await guestReads(id);
    expect(first.item?.config).toEqual({
      id: 'db-1',
      name: 'orders-db',
      password: md5('first-clear-password'),
      nested: { apiKey: '***', user: 'app' },
    });

    password = 'second-clear-password';
    await scrape(id);
    const second = await guestReads(id);
    const diffs = second.changes.filter((change) => change.change_type === 'diff');
    expect(diffs).toHaveLength(1);
    expect(diffs[0]?.diff).toContain(md5('first-clear-password'));
    expect(diffs[0]?.diff).toContain(md5('second-clear-password'));
    for (const secret of secrets()) {
      expect(second.text).not.toContain(secret);
      expect(await storedText()).not.toContain(secret);
    }
  });

  it('keeps a secret stored before its mask was written out of the diff that masks it', async () => {
    password = 'first-clear-password';
    const id = await create('masked-later');
    await scrape(id); // stored in clear: the scraper had no mask yet
    const replaced = await apiCall(
      t.app,
      'PUT',
      `/api/catalog/scrapers/${id}`,
      editor,
      scrapeConfig('masked-later', { http: [httpEntry({ mask: masks })] }),
    );
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    password = 'second-clear-password';
    await scrape(id);
    const reads = await guestReads(id);
    const diff = reads.changes.find((change) => change.change_type === 'diff')?.diff ?? '';
    expect(diff).toContain(md5('first-clear-password'));
    expect(diff).toContain(md5('second-clear-password'));
    for (const secret of secrets()) expect(diff).not.toContain(secret);
    expect(reads.item?.config.password).toBe(md5('second-clear-password'));
  });

  it.each([
    [{ mask: [{ jsonpath: '$.password', value: 'md5sum' }] }, 'spec.http.0.transform.mask.0.selector'],
    [{ mask: [{ selector: 'true', jsonpath: '$.password', value: 'sha1sum' }] }, 'spec.http.0.transform.mask.0.value'],
    [{ mask: [{ selector: 'true', jsonpath: '$', value: '***' }] }, 'spec.http.0.transform.mask.0.jsonpath'],
    [
      { mask: [{ selector: 'true', jsonpath: '$.a', value: '***', type: 'X' }] },
      'spec.http.0.transform.mask.0: Unknown field: type',
    ],
    [
      { masks: [{ selector: 'true', jsonpath: '$.password', value: '***' }] },
      'transform: masks is not supported by this server',
    ],
  ])('refuses a mask it would not honour, through the API and the data API (%j)', async (transform, message) => {
    const api = await apiCall(
      t.app,
      'POST',
      '/api/catalog/scrapers',
      editor,
      scrapeConfig('refused', { http: [httpEntry(transform)] }),
    );
    expect(api.status).toBe(400);
    expect(((await api.json()) as { message: string }).message).toContain(message);
    const data = await apiCall(
      t.app,
      'POST',
      '/api/db/config_scrapers',
      editor,
      { name: 'refused', spec: { http: [httpEntry(transform)] } },
      { prefer: 'return=representation' },
    );
    expect(data.status).toBe(400);
    expect(((await data.json()) as { message: string }).message).toContain(message);
  });

  it('refuses a watched-folder file whose mask it would not honour, naming the file and the field', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mc-mask-dir-'));
    const file = (value: string) =>
      [
        'apiVersion: configs.flanksource.com/v1',
        'kind: ScrapeConfig',
        'metadata: {name: folder-masked}',
        'spec:',
        '  http:',
        `    - {type: Test::Database, url: "${url()}", transform: {mask: [{selector: "true", jsonpath: $.password, value: ${value}}]}}`,
      ].join('\n');
    try {
      await writeFile(join(dir, 'masked.yaml'), file('sha512sum'));
      const refused = await syncScraperDir(t.database, dir);
      expect(refused.applied).toEqual([]);
      expect(refused.errors.join('\n')).toContain('masked.yaml (document 1)');
      expect(refused.errors.join('\n')).toContain('spec.http.0.transform.mask.0.value');
      await writeFile(join(dir, 'masked.yaml'), file('md5sum'));
      expect(await syncScraperDir(t.database, dir)).toMatchObject({ applied: ['default/folder-masked'], errors: [] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('masks on the agent before the push, and again on the upstream for a push that arrives in clear', async () => {
    password = 'first-clear-password';
    const doc = mustValidateScrapeConfig(scrapeConfig('agent-masked', { http: [httpEntry({ mask: masks })] }));
    // What an agent's scraper task runs (agents/runtime/agent-scrapers.ts): no database, its own egress guard.
    const batch = await collect(doc, {
      signal: new AbortController().signal,
      egress: egressGuardFor(t.database),
      resolveConnection: async () => {
        throw new Error('no connections on an agent');
      },
      listConnections: async () => [],
      fileRoots: [],
      deniedRoots: [],
      scraper: { id: 'agent-scraper', name: 'agent-masked', namespace: 'default' },
    });
    expect(JSON.stringify(batch.items)).not.toContain(password);
    expect(batch.items[0]?.config).toMatchObject({ password: md5(password), nested: { apiKey: '***' } });

    const admin = (await signedInUser(t, { roles: ['admin'] })).token;
    const generated = await apiCall(t.app, 'POST', '/api/agent/generate', admin, { name: 'mask-edge' });
    const edge = (await generated.json()) as { id: string; access_token: string };
    const scraperId = await create('agent-masked');
    await t.database.pool.query('UPDATE config_scrapers SET agent_id = $1 WHERE id = $2', [edge.id, scraperId]);
    await apiCall(t.app, 'PUT', `/api/catalog/scrapers/${scraperId}`, editor, doc);
    const push = (config: unknown) => ({
      key: crypto.randomUUID(),
      scraper_id: scraperId,
      time: new Date().toISOString(),
      duration_ms: 5,
      items: [{ key: 'db-1', type: 'Test::Database', name: 'orders-db', configClass: 'Test::Database', config }],
      relationships: [],
      insights: [],
      errors: [],
      rule_errors: [],
    });
    const clear = { id: 'db-1', password: 'second-clear-password', nested: { apiKey, user: 'app' } };
    const saved = await apiCall(t.app, 'POST', '/api/upstream/scrapes', edge.access_token, push(clear));
    expect(saved.status, await saved.clone().text()).toBe(200);
    const masked = { id: 'db-1', password: md5('second-clear-password'), nested: { apiKey: '***', user: 'app' } };
    const again = await apiCall(t.app, 'POST', '/api/upstream/scrapes', edge.access_token, push(masked));
    expect(((await again.json()) as { counts: { unchanged: number } }).counts.unchanged).toBe(1);
    expect((await guestReads(scraperId)).item?.config).toEqual(masked);
  });
});
