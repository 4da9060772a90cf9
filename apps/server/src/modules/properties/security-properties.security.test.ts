import {
  ADMIN_ONLY_PROPERTY_MESSAGE,
  ADMIN_ONLY_PROPERTY_PREFIXES,
  EGRESS_ALLOW_LIST_PROPERTY,
  EGRESS_POLICY_PROPERTY,
} from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { FILE_ROOTS_PROPERTY as SCRAPER_FILE_ROOTS_PROPERTY } from '../catalog/index.js';
import { FOLDER_ROOTS_PROPERTY } from '../health/index.js';
import { FILE_ROOTS_PROPERTY as LOG_FILE_ROOTS_PROPERTY } from '../logs/index.js';
import { SMTP_CONNECTION_PROPERTY } from '../notifications/index.js';

/**
 * Every property that widens what the server reads, sends or executes, as the modules that read them
 * name them. Each must fall under an admin-only prefix, and each prefix must be tried here.
 */
const SECURITY_PROPERTIES = [
  EGRESS_POLICY_PROPERTY,
  EGRESS_ALLOW_LIST_PROPERTY,
  LOG_FILE_ROOTS_PROPERTY,
  SCRAPER_FILE_ROOTS_PROPERTY,
  FOLDER_ROOTS_PROPERTY,
  SMTP_CONNECTION_PROPERTY,
];
const ADMIN_VALUE = '/srv/set-by-an-administrator';

/**
 * Issue 25, finding 2: an editor changed `catalog.scraper.file.roots` with a plain POST. Every security
 * property is written by administrators only, on every path that writes properties — the properties API
 * and the data API (create, upsert, edit, rename out and in, delete) — with a 403 naming the property;
 * the stored value is unchanged afterwards.
 */
describe('security properties are written by administrators only', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;

  const storedValue = async (name: string) =>
    (
      await t.database.pool.query<{ value: string }>(
        'SELECT value FROM properties WHERE name = $1 AND deleted_at IS NULL',
        [name],
      )
    ).rows[0]?.value;
  const data = (method: string, path: string, token: string, body?: unknown, prefer = 'return=representation') =>
    apiCall(t.app, method, path, token, body, { prefer });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    editor = (await signedInUser(t, { roles: ['editor'] })).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the list names every admin-only prefix and holds only admin-only properties', () => {
    for (const prefix of ADMIN_ONLY_PROPERTY_PREFIXES) {
      expect(
        SECURITY_PROPERTIES.some((name) => name.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('refuses a folder list with a relative folder, even from an administrator, on both paths', async () => {
    const message = `The property '${SCRAPER_FILE_ROOTS_PROPERTY}' holds absolute folders separated by commas; 'configs' is not one`;
    const body = { name: SCRAPER_FILE_ROOTS_PROPERTY, value: '/srv/a, configs' };
    const viaApi = await apiCall(t.app, 'POST', '/api/properties', admin, body);
    expect([viaApi.status, ((await viaApi.json()) as { message: string }).message]).toEqual([400, message]);
    const viaData = await data('POST', '/api/db/properties', admin, body);
    expect([viaData.status, ((await viaData.json()) as { message: string }).message]).toEqual([400, message]);
    expect(await storedValue(SCRAPER_FILE_ROOTS_PROPERTY)).toBeUndefined();
  });

  for (const name of SECURITY_PROPERTIES) {
    it(`an editor cannot create, change, rename or delete ${name} on any path; an administrator can`, async () => {
      const other = `editor.harmless.${name}`;
      expect((await apiCall(t.app, 'POST', '/api/properties', editor, { name: other, value: 'x' })).status).toBe(201);
      const attempts: [string, string, unknown, string?][] = [
        ['POST', '/api/properties', { name, value: '/' }],
        ['POST', '/api/properties', { name: name.toUpperCase(), value: '/' }],
        ['POST', '/api/db/properties', { name, value: '/' }],
        ['POST', '/api/db/properties?on_conflict=name', { name, value: '/' }, 'resolution=merge-duplicates'],
        ['PATCH', `/api/db/properties?name=eq.${other}`, { name }],
      ];
      for (const [method, path, body, prefer] of attempts) {
        const response = await data(method, path, editor, body, prefer);
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(403);
        expect(((await response.json()) as { message: string }).message).toMatch(
          /^Only an administrator may change the property '/,
        );
      }
      expect(await storedValue(name)).toBeUndefined();

      expect((await apiCall(t.app, 'POST', '/api/properties', admin, { name, value: ADMIN_VALUE })).status).toBe(201);
      const changes: [string, string, unknown][] = [
        ['PATCH', `/api/properties/${name}`, { value: '/' }],
        ['DELETE', `/api/properties/${name}`, undefined],
        ['PATCH', `/api/db/properties?name=eq.${name}`, { value: '/' }],
        ['PATCH', `/api/db/properties?name=eq.${name}`, { name: `${name}-renamed` }],
        ['DELETE', `/api/db/properties?name=eq.${name}`, undefined],
      ];
      for (const [method, path, body] of changes) {
        const response = await data(method, path, editor, body);
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(403);
        expect(((await response.json()) as { message: string }).message).toBe(ADMIN_ONLY_PROPERTY_MESSAGE(name));
      }
      expect(await storedValue(name)).toBe(ADMIN_VALUE);

      const edited = await apiCall(t.app, 'PATCH', `/api/properties/${name}`, admin, { value: '/srv/changed' });
      expect(edited.status).toBe(200);
      expect(await storedValue(name)).toBe('/srv/changed');
      expect((await apiCall(t.app, 'DELETE', `/api/properties/${name}`, admin)).status).toBe(204);
    });
  }
});
