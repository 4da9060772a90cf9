import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/tokens.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 33's tables through /api/db without a session: status pages, SLOs, maintenance windows and
 * heartbeat tokens answer 401 to every read — plain, filtered, counted, HEAD, embedded from a check or a
 * component — and carry no row, count or name; a status page's read token or a heartbeat token presented as
 * a credential opens nothing. A viewer reads the same rows (so the refusals are not of empty tables), with
 * the token hashes and prefixes hidden.
 */
let t: TestApp;
let viewer: string;
const PAGE_TOKEN = 'page-read-token-0123456789abcdef0123456789';
const HEARTBEAT_TOKEN = 'heartbeat-token-0123456789abcdef0123456789';
const seeded: Record<string, string> = {};

const call = (path: string, token: string | null = null, headers: Record<string, string> = {}, method = 'GET') =>
  Promise.resolve(apiCall(t.app, method, path, token, undefined, headers));
/** The rows a viewer reads at `path`. */
const viewerRows = async (path: string) => (await (await call(path, viewer)).json()) as Array<Record<string, unknown>>; // /api/db answers an array of rows
const one = async <R>(text: string, values: unknown[] = []): Promise<R> =>
  (await t.database.pool.query(text, values)).rows[0] as R; // one row of the named shape

beforeAll(async () => {
  t = await createTestApp();
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  const canary = await one<{ id: string }>("INSERT INTO canaries (name) VALUES ('secret-canary') RETURNING id");
  const check = await one<{ id: string }>(
    "INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'webhook', 'secret-backup-job', 'healthy') RETURNING id",
    [canary.id],
  );
  const component = await one<{ id: string }>(
    "INSERT INTO components (name, type, status, external_id) VALUES ('secret-billing', 'Service', 'healthy', 'secret-billing') RETURNING id",
  );
  seeded.check = check.id;
  seeded.component = component.id;
  seeded.page = (
    await one<{ id: string }>(
      `INSERT INTO status_pages (slug, title, visibility, token_hash)
       VALUES ('internal-ops', 'Secret internal page', 'token', $1) RETURNING id`,
      [sha256(PAGE_TOKEN)],
    )
  ).id;
  seeded.slo = (
    await one<{ id: string }>(
      "INSERT INTO slos (name, check_id, target) VALUES ('Secret backup SLO', $1, 99.9) RETURNING id",
      [check.id],
    )
  ).id;
  seeded.componentSlo = (
    await one<{ id: string }>(
      "INSERT INTO slos (name, component_id, target) VALUES ('Secret billing SLO', $1, 99.5) RETURNING id",
      [component.id],
    )
  ).id;
  seeded.window = (
    await one<{ id: string }>(
      `INSERT INTO maintenance_windows (title, starts_at, duration_minutes, check_id)
       VALUES ('Secret storage swap', now(), 60, $1) RETURNING id`,
      [check.id],
    )
  ).id;
  await t.database.pool.query(
    `INSERT INTO heartbeat_tokens (check_id, token_hash, token_prefix, issued_at) VALUES ($1, $2, $3, now())`,
    [check.id, sha256(HEARTBEAT_TOKEN), HEARTBEAT_TOKEN.slice(0, 8)],
  );
});
afterAll(() => t?.close());

/** Every seeded id and name: none may appear in an answer to a stranger. */
const LEAKS = () => [...Object.values(seeded), 'Secret', 'secret-', 'internal-ops', HEARTBEAT_TOKEN.slice(0, 8)];

async function expectRefused(res: Response) {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-range')).toBeNull();
  const text = await res.text();
  for (const leak of LEAKS()) expect(text).not.toContain(leak);
}

describe('issue 33 tables through /api/db without a session', () => {
  const TABLES = ['status_pages', 'slos', 'maintenance_windows', 'heartbeat_tokens'] as const;

  it('answers 401 to every read of status pages, SLOs, maintenance windows and heartbeat tokens', async () => {
    for (const table of TABLES) {
      await expectRefused(await call(`/api/db/${table}`));
      await expectRefused(await call(`/api/db/${table}?select=*&limit=1000`));
      await expectRefused(await call(`/api/db/${table}?select=*`, null, { prefer: 'count=exact' }));
      await expectRefused(await call(`/api/db/${table}`, null, {}, 'HEAD'));
    }
    await expectRefused(await call(`/api/db/status_pages?id=eq.${seeded.page}`));
    await expectRefused(await call(`/api/db/slos?check_id=eq.${seeded.check}`));
    await expectRefused(await call(`/api/db/maintenance_windows?title=like.*Secret*`));
    await expectRefused(await call(`/api/db/heartbeat_tokens?check_id=eq.${seeded.check}`));
  });

  it('answers 401 to embeds of them from checks and components', async () => {
    await expectRefused(await call('/api/db/checks?select=id,name,slos(*),heartbeat_tokens(*),maintenance_windows(*)'));
    await expectRefused(await call('/api/db/components?select=id,name,slos(*),maintenance_windows(*)'));
    await expectRefused(await call('/api/db/slos?select=*,checks(name),components(name)'));
  });

  it("opens nothing with a status page's read token or a heartbeat token as the credential", async () => {
    for (const table of TABLES) {
      await expectRefused(await call(`/api/db/${table}`, PAGE_TOKEN));
      await expectRefused(await call(`/api/db/${table}?token=${PAGE_TOKEN}`));
      await expectRefused(await call(`/api/db/${table}`, HEARTBEAT_TOKEN));
      await expectRefused(await call(`/api/db/${table}`, null, { 'webhook-token': HEARTBEAT_TOKEN }));
    }
  });

  it('serves the same rows to a viewer, token hashes and prefixes hidden (the refusals are not of empty tables)', async () => {
    const pages = await viewerRows('/api/db/status_pages');
    expect(pages.map((row) => row.id)).toEqual([seeded.page]);
    expect(pages[0]).not.toHaveProperty('token_hash');
    const slos = await viewerRows('/api/db/slos?order=name');
    expect(slos.map((row) => row.id)).toEqual([seeded.slo, seeded.componentSlo]);
    const windows = await viewerRows('/api/db/maintenance_windows');
    expect(windows.map((row) => row.id)).toEqual([seeded.window]);
    const tokens = await viewerRows('/api/db/heartbeat_tokens');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).not.toHaveProperty('token_hash');
    expect(tokens[0]).not.toHaveProperty('token_prefix');
    const embedded = await viewerRows('/api/db/checks?select=id,slos(name),heartbeat_tokens(*)');
    expect(embedded[0]?.slos).toEqual([{ name: 'Secret backup SLO' }]);
    expect(JSON.stringify(embedded)).not.toContain(sha256(HEARTBEAT_TOKEN));
  });
});
