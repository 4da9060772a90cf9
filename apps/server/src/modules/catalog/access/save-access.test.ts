/**
 * Access entries of a full-mode scrape (issue 28): identities, memberships, config access and access
 * logs stored from a file scraper's documents, kept across re-scrapes as config-db keeps them, and read
 * through the data API as the catalog is.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../test/signed-in-api.js';
import { apiSignIn, buildUser } from '../../auth/testing/auth-factory.js';
import {
  allowScraperFiles,
  type CatalogTestApp,
  createCatalogTestApp,
  scrapeConfig,
} from '../testing/catalog-test-app.js';

const BOB = '6b1f3e0a-42c5-4d7e-8a90-1c2d3e4f5a6b';

let t: CatalogTestApp;
let admin: string;
let viewer: string;
let dir: string;
let scraperId: string;

interface RepoDoc {
  logTime?: string;
  mfa?: boolean;
  groupAccess?: boolean;
  membership?: boolean;
}

/** The first repository's document: its identities, grants and sign-ins. */
function repoA({ logTime = '2026-01-02T00:00:00Z', mfa = true, groupAccess = true, membership = true }: RepoDoc) {
  return {
    id: 'repo-a',
    config: { visibility: 'private' },
    users: [
      { name: 'Alice', aliases: ['alice@example.test', 'Alice-GH'], email: 'alice@example.test', user_type: 'human' },
      { id: BOB, name: 'Bob', aliases: ['bob@example.test'] },
    ],
    groups: [{ name: 'Maintainers', aliases: ['maintainers'], group_type: 'team' }],
    roles: [
      { name: 'Admin', aliases: ['admin'], role_type: 'repo' },
      { name: 'Reader', aliases: ['read'] },
    ],
    user_groups: membership ? [{ user: 'alice-gh', group: 'maintainers' }] : [],
    access: [
      { user: 'alice@example.test', role: 'admin', source: 'collaborators' },
      ...(groupAccess ? [{ group: 'maintainers', role: 'read' }] : []),
      { user: 'bob@example.test', role: 'read', external_id: 'repo-b', config_type: 'Demo::Repo' },
      { user: 'nobody@example.test', role: 'read' },
      { user: 'alice@example.test' },
      { user: 'alice@example.test', role: 'read', external_id: 'repo-z', config_type: 'Demo::Repo' },
    ],
    access_logs: [
      { user: 'alice@example.test', mfa, created_at: logTime, properties: { ip: '10.0.0.1' } },
      { user: 'carol@example.test', created_at: '2026-01-03T00:00:00Z' },
    ],
  };
}

const writeRepoA = (doc: RepoDoc = {}) => writeFile(join(dir, 'repo-a.json'), JSON.stringify(repoA(doc)));

const accessRows = () =>
  t.rows<{ name: string; user: string | null; grp: string | null; role: string; deleted: boolean }>(
    `SELECT i.name, u.name AS user, g.name AS grp, r.name AS role, a.deleted_at IS NOT NULL AS deleted
       FROM config_access a JOIN config_items i ON i.id = a.config_id
       LEFT JOIN external_users u ON u.id = a.external_user_id
       LEFT JOIN external_groups g ON g.id = a.external_group_id
       JOIN external_roles r ON r.id = a.external_role_id
      WHERE a.scraper_id = $1 ORDER BY 1, 2, 3`,
    [scraperId],
  );
const permissionChanges = () =>
  t.rows<{ name: string; change_type: string; summary: string }>(
    `SELECT i.name, c.change_type, c.summary FROM config_changes c JOIN config_items i ON i.id = c.config_id
      WHERE i.scraper_id = $1 AND c.change_type LIKE 'Permission%' ORDER BY c.created_at, c.summary`,
    [scraperId],
  );
const logRows = () =>
  t.rows<{ user: string; mfa: boolean | null; count: number; created_at: Date; properties: unknown }>(
    `SELECT u.name AS user, l.mfa, l.count, l.created_at, l.properties FROM config_access_logs l
       JOIN external_users u ON u.id = l.external_user_id WHERE l.scraper_id = $1 ORDER BY 1`,
    [scraperId],
  );

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  viewer = await t.person(['viewer']);
  dir = await mkdtemp(join(tmpdir(), 'mc-access-'));
  await allowScraperFiles(t.database, dir);
  await writeRepoA();
  await writeFile(join(dir, 'repo-b.json'), JSON.stringify({ id: 'repo-b', config: { visibility: 'public' } }));
  const response = await t.call(
    admin,
    'POST',
    '/api/catalog/scrapers',
    scrapeConfig('repo-access', {
      full: true,
      file: [{ type: 'Demo::Repo', id: '$.id', paths: [join(dir, '*.json')] }],
    }),
  );
  expect(response.status).toBe(201);
  scraperId = ((await response.json()) as { id: string }).id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a full-mode scrape with access entries', () => {
  it('stores identities with normalised aliases, memberships, grants and sign-ins, and warns for what it skips', async () => {
    const outcome = await t.scrape(scraperId);
    expect(outcome.errors).toEqual([]);
    expect(outcome.warnings).toEqual([
      "config access references unknown config Demo::Repo/repo-z (set scraper_id: all to look in other scrapers' items)",
      'config access skipped: user or group not found (nobody@example.test)',
      'config access skipped: missing role',
    ]);
    const users = await t.rows<{ id: string; name: string; aliases: string[] | null; email: string | null }>(
      'SELECT id, name, aliases, email FROM external_users WHERE scraper_id = $1 ORDER BY name',
      [scraperId],
    );
    expect(users.map(({ name, aliases, email }) => ({ name, aliases, email }))).toEqual([
      { name: 'Alice', aliases: ['alice-gh', 'alice@example.test'], email: 'alice@example.test' },
      { name: 'Bob', aliases: ['bob@example.test'], email: null },
      { name: 'carol@example.test', aliases: ['carol@example.test'], email: null },
    ]);
    expect(users[1]?.id).toBe(BOB);
    expect(
      await t.rows(
        'SELECT g.name AS grp, u.name AS user, m.deleted_at FROM external_user_groups m JOIN external_users u ON u.id = m.external_user_id JOIN external_groups g ON g.id = m.external_group_id',
      ),
    ).toEqual([{ grp: 'Maintainers', user: 'Alice', deleted_at: null }]);
    expect(await accessRows()).toEqual([
      { name: 'repo-a', user: 'Alice', grp: null, role: 'Admin', deleted: false },
      { name: 'repo-a', user: null, grp: 'Maintainers', role: 'Reader', deleted: false },
      { name: 'repo-b', user: 'Bob', grp: null, role: 'Reader', deleted: false },
    ]);
    expect(await t.rows('SELECT source FROM config_access WHERE source IS NOT NULL')).toEqual([
      { source: 'collaborators' },
    ]);
    expect((await permissionChanges()).map((c) => `${c.name} ${c.summary}`).sort()).toEqual([
      'repo-a PermissionAdded: role Reader, group Maintainers',
      'repo-a PermissionAdded: user Alice, role Admin',
      'repo-b PermissionAdded: user Bob, role Reader',
    ]);
    expect(await logRows()).toEqual([
      {
        user: 'Alice',
        mfa: true,
        count: 1,
        created_at: new Date('2026-01-02T00:00:00Z'),
        properties: { ip: '10.0.0.1' },
      },
      {
        user: 'carol@example.test',
        mfa: null,
        count: 1,
        created_at: new Date('2026-01-03T00:00:00Z'),
        properties: null,
      },
    ]);
  });

  it('changes nothing when scraped again unchanged', async () => {
    await t.scrape(scraperId);
    expect(await permissionChanges()).toHaveLength(3);
    expect((await logRows()).map((row) => row.count)).toEqual([1, 1]);
    expect(await t.rows('SELECT id FROM external_users WHERE scraper_id = $1', [scraperId])).toHaveLength(3);
  });

  it('removes a grant and a membership the source dropped, counts a newer sign-in, and revives the grant', async () => {
    await writeRepoA({ groupAccess: false, membership: false, logTime: '2026-01-05T00:00:00Z', mfa: false });
    await t.scrape(scraperId);
    expect((await accessRows()).filter((row) => row.deleted)).toEqual([
      { name: 'repo-a', user: null, grp: 'Maintainers', role: 'Reader', deleted: true },
    ]);
    expect((await permissionChanges()).at(-1)).toMatchObject({
      change_type: 'PermissionRemoved',
      summary: 'PermissionRemoved: role Reader, group Maintainers',
    });
    expect(await t.rows('SELECT deleted_at IS NOT NULL AS gone FROM external_user_groups')).toEqual([{ gone: true }]);
    expect((await logRows())[0]).toMatchObject({ mfa: false, count: 2, created_at: new Date('2026-01-05T00:00:00Z') });

    await writeRepoA({ logTime: '2026-01-05T00:00:00Z', mfa: false });
    await t.scrape(scraperId);
    expect((await accessRows()).every((row) => !row.deleted)).toBe(true);
    expect((await permissionChanges()).at(-1)?.summary).toBe('PermissionAdded: role Reader, group Maintainers');
    expect(await t.rows('SELECT deleted_at FROM external_user_groups')).toEqual([{ deleted_at: null }]);
  });
});

describe('the access tables through the data API', () => {
  it('are read as the catalog is: by role, by the rows of the items a person may read, never written', async () => {
    const viewed = await t.call(viewer, 'GET', '/api/db/config_access?select=config_id,deleted_at');
    expect(viewed.status).toBe(200);
    expect(await viewed.json()).toHaveLength(3);
    for (const table of [
      'external_users',
      'external_groups',
      'external_roles',
      'external_user_groups',
      'config_access_logs',
    ])
      expect((await t.call(viewer, 'GET', `/api/db/${table}`)).status, table).toBe(200);
    expect((await t.call(null, 'GET', '/api/db/config_access')).status).toBe(401);
    // the sign-ins of an item with their people, as upstream's console asks for them
    const logs = await t.call(
      viewer,
      'GET',
      '/api/db/config_access_logs?select=count,external_users(name,user_email:email)&order=created_at.desc&limit=1',
    );
    expect(await logs.json()).toEqual([
      { count: 2, external_users: { name: 'Alice', user_email: 'alice@example.test' } },
    ]);
    const write = await t.call(admin, 'POST', '/api/db/config_access', { config_id: BOB, external_user_id: BOB });
    expect(write.status).toBe(405);

    const [repoB] = await t.rows<{ id: string }>("SELECT id FROM config_items WHERE name = 'repo-b'");
    const user = await buildUser(t.database, { roles: [] });
    await t.database.pool.query("INSERT INTO permissions (action, config_id, person_id) VALUES ('read', $2, $1)", [
      user.id,
      repoB?.id,
    ]);
    // the catalog kit types createTestApp's app as the Hono it extends; the sign-in helpers name the subclass
    const app = t.app as Parameters<typeof apiSignIn>[0];
    const token = await apiSignIn(app, user.email, user.password);
    const scoped = await apiCall(app, 'GET', '/api/db/config_access?select=config_id', token);
    expect(scoped.status).toBe(200);
    expect(await scoped.json()).toEqual([{ config_id: repoB?.id }]);
    expect((await apiCall(app, 'GET', '/api/db/external_users', token)).status).toBe(403);
    const summary = await apiCall(app, 'GET', '/api/db/config_access_summary?select=config_name,user', token);
    expect(await summary.json()).toEqual([{ config_name: 'repo-b', user: 'Bob' }]);
  });

  it("list an item's access one row per person or group and role, a group's grant through its members", async () => {
    const [repoA] = await t.rows<{ id: string }>("SELECT id FROM config_items WHERE name = 'repo-a'");
    const answer = await t.call(
      viewer,
      'GET',
      `/api/db/config_access_summary?config_id=eq.${repoA?.id}&select=user,email,user_type,role,role_external_ids,last_signed_in_at,group:external_group_id&order=role,user`,
    );
    expect(answer.status).toBe(200);
    const rows = (await answer.json()) as { group: string | null }[];
    expect(rows.map((row) => ({ ...row, group: row.group !== null }))).toEqual([
      {
        user: 'Alice',
        email: 'alice@example.test',
        user_type: 'human',
        role: 'Admin',
        role_external_ids: ['admin'],
        last_signed_in_at: '2026-01-05T00:00:00+00:00',
        group: false,
      },
      {
        user: 'Alice',
        email: 'alice@example.test',
        user_type: 'human',
        role: 'Reader',
        role_external_ids: ['read'],
        last_signed_in_at: '2026-01-05T00:00:00+00:00',
        group: true,
      },
    ]);
    // a group without live members shows the group itself
    await t.database.pool.query('UPDATE external_user_groups SET deleted_at = now()');
    const bare = await t.call(
      viewer,
      'GET',
      `/api/db/config_access_summary?config_id=eq.${repoA?.id}&role=eq.Reader&select=user,user_type`,
    );
    expect(await bare.json()).toEqual([{ user: 'Maintainers', user_type: 'group' }]);
  });
});

describe("access to another scraper's items", () => {
  it('finds them only with scraper_id: all, and gives an unknown principal id a stub row', async () => {
    const other = join(dir, 'other');
    await mkdir(other);
    const stranger = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
    const unknown = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
    await writeFile(
      join(other, 'grants.json'),
      JSON.stringify({
        id: 'grants',
        config: {},
        roles: [{ name: 'Auditor', aliases: ['auditor'] }],
        access: [
          {
            external_config_id: { external_id: 'repo-a', config_type: 'Demo::Repo' },
            scraper_id: 'all',
            user: 'bob@example.test',
            role: 'auditor',
          },
          {
            external_id: 'repo-a',
            config_type: 'Demo::Repo',
            external_user_id: stranger,
            role: 'auditor',
            scraper_id: 'all',
          },
          { external_id: 'repo-a', config_type: 'Demo::Repo', external_user_id: unknown, role: 'auditor' },
        ],
      }),
    );
    const created = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('other-grants', {
        full: true,
        file: [{ type: 'Demo::Grants', id: '$.id', paths: [join(other, '*.json')] }],
      }),
    );
    const otherId = ((await created.json()) as { id: string }).id;
    const outcome = await t.scrape(otherId);
    expect(outcome.warnings).toEqual([
      "config access references unknown config Demo::Repo/repo-a (set scraper_id: all to look in other scrapers' items)",
    ]);
    expect(
      await t.rows(
        `SELECT i.name, u.name AS user, r.name AS role FROM config_access a JOIN config_items i ON i.id = a.config_id
           JOIN external_users u ON u.id = a.external_user_id JOIN external_roles r ON r.id = a.external_role_id
          WHERE a.scraper_id = $1 ORDER BY u.name <> 'Bob'`,
        [otherId],
      ),
    ).toEqual([
      { name: 'repo-a', user: 'Bob', role: 'Auditor' },
      { name: 'repo-a', user: stranger, role: 'Auditor' },
    ]);
    // an unknown id gets a stub row only when its grant's item was found
    const stubs = await t.rows('SELECT id, user_type FROM external_users WHERE id = ANY($1) ORDER BY id', [
      [stranger, unknown],
    ]);
    expect(stubs).toEqual([{ id: stranger, user_type: 'Stub' }]);
  });
});
