import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECTION_TYPES, CONNECTION_URL_RULES, SECRET_MASK } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTestApp,
  createAdminTestApp,
  type JsonObject,
  jsonListOf,
  jsonOf,
} from '../settings-views/testing/admin-test-app.js';
import { connectionsServiceFor } from './connections.service.js';

const refs = mkdtempSync(join(tmpdir(), 'mc-refs-'));
mkdirSync(join(refs, 'secret', 'db-creds'), { recursive: true });
writeFileSync(join(refs, 'secret', 'db-creds', 'password'), 'from-a-secret\n');
process.env.MC_SECRET_REFS_DIR = refs;

let t: AdminTestApp;
const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});
const post = async (body: unknown) => t.request('/api/connections', json('POST', body));

beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('connections API: bad input', () => {
  it('refuses an unknown type', async () => {
    const response = await post({ name: 'x', type: 'carrier-pigeon' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'bad_request',
      message: "Unknown connection type 'carrier-pigeon'",
    });
  });

  it('names every missing required field', async () => {
    const response = await post({ name: 'pg', type: 'postgres', url: 'postgres://h/db' });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({
      message: 'Username: This field is required; Password: This field is required',
      details: {
        issues: [
          { path: 'username', message: 'This field is required' },
          { path: 'password', message: 'This field is required' },
        ],
      },
    });
  });

  it('requires a name', async () => {
    const response = await post({ type: 'folder', url: '/tmp' });
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).message).toBe('name: This field is required');
  });

  it('refuses a secret reference to nothing and a connection reference to nothing', async () => {
    const secret = await post({
      name: 'h',
      type: 'http',
      url: 'http://x',
      username: 'u',
      password: 'secret://missing/key',
    });
    expect(secret.status).toBe(400);
    expect((await jsonOf(secret)).message).toBe(
      "Password: secret://missing/key refers to nothing: no secret 'missing' with key 'key'",
    );
    const malformed = await post({
      name: 'h',
      type: 'http',
      url: 'http://x',
      username: 'u',
      password: 'secret://only-name',
    });
    expect(malformed.status).toBe(400);
    expect((await jsonOf(malformed)).message).toMatch(/secret reference needs a name and a key/);
    const restic = await post({
      name: 'r',
      type: 'restic',
      url: 's3:bucket',
      password: 'p',
      properties: { awsConnectionName: 'connection://aws/nope', accessKey: 'a', secretKey: 's' },
    });
    expect(restic.status).toBe(400);
    expect((await jsonOf(restic)).message).toBe('AWS Connection Name: connection://aws/nope refers to no connection');
  });

  it('answers malformed JSON and unknown ids clearly', async () => {
    const bad = await t.request('/api/connections', {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).message).toBe('The request body must be JSON');
    expect((await t.request('/api/connections/not-a-uuid')).status).toBe(404);
    expect((await t.request('/api/connection/test/00000000-0000-0000-0000-000000000001', json('POST'))).status).toBe(
      404,
    );
    expect((await t.request('/api/connections/00000000-0000-0000-0000-000000000001', json('DELETE'))).status).toBe(404);
  });
});

describe('connections API: bad input on update', () => {
  let id = '';
  const put = async (body: unknown) => t.request(`/api/connections/${id}`, json('PUT', body));
  const base = { name: 'upd', type: 'http', url: 'http://x', username: 'u', password: 'p' };

  beforeAll(async () => {
    id = String((await jsonOf(await post(base))).id);
  });

  it('refuses an unknown type, a cleared required field and a missing name', async () => {
    const unknown = await put({ ...base, type: 'carrier-pigeon' });
    expect(unknown.status).toBe(400);
    expect((await jsonOf(unknown)).message).toBe("Unknown connection type 'carrier-pigeon'");
    const cleared = await put({ ...base, url: '', password: SECRET_MASK });
    expect(cleared.status).toBe(400);
    expect(await jsonOf(cleared)).toMatchObject({
      message: 'URL: This field is required',
      details: { issues: [{ path: 'url', message: 'This field is required' }] },
    });
    const nameless = await put({ type: 'http', url: 'http://x', username: 'u' });
    expect(nameless.status).toBe(400);
    expect((await jsonOf(nameless)).message).toBe('name: This field is required');
  });

  it('refuses a secret reference to nothing and a type change without its secrets', async () => {
    const reference = await put({ ...base, password: 'configmap://nowhere/key' });
    expect(reference.status).toBe(400);
    expect((await jsonOf(reference)).message).toBe(
      "Password: configmap://nowhere/key refers to nothing: no configmap 'nowhere' with key 'key'",
    );
    const retyped = await put({ ...base, type: 'postgres', url: 'postgres://db/x', password: SECRET_MASK });
    expect(retyped.status).toBe(400);
    expect((await jsonOf(retyped)).message).toBe('Password: This field is required');
    const maskOnly = await post({ ...base, name: 'mask-only', password: SECRET_MASK });
    expect(maskOnly.status).toBe(400);
    expect((await jsonOf(maskOnly)).message).toBe('Password: This field is required');
  });

  it('answers malformed JSON, a non-object body and an unknown id clearly', async () => {
    const bad = await t.request(`/api/connections/${id}`, {
      method: 'PUT',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).message).toBe('The request body must be JSON');
    expect((await put(['not', 'an', 'object'])).status).toBe(400);
    const missing = await t.request('/api/connections/00000000-0000-0000-0000-000000000001', json('PUT', base));
    expect(missing.status).toBe(404);
    expect((await jsonOf(missing)).message).toBe('Connection 00000000-0000-0000-0000-000000000001 not found');
  });
});

describe('connections API: secrets', () => {
  let created: JsonObject;

  it('creates with namespace default, masks the secret, stores ciphertext', async () => {
    const response = await post({
      name: 'orders-db',
      type: 'postgres',
      url: 'postgres://db/orders',
      username: 'app',
      password: 'hunter2',
    });
    expect(response.status).toBe(201);
    created = await jsonOf(response);
    expect(created).toMatchObject({
      name: 'orders-db',
      namespace: 'default',
      type: 'postgres',
      username: 'app',
      password: SECRET_MASK,
    });
    const { rows } = await t.database.pool.query('SELECT password FROM connections WHERE id = $1', [created.id]);
    expect(rows[0].password).toMatch(/^mcenc:v1:[0-9a-f]{8}:/);
    expect(rows[0].password).not.toContain('hunter2');
    const listed = await jsonListOf(await t.request('/api/connections?type=postgres'));
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain('hunter2');
  });

  it('keeps the secret when the mask comes back, and only resolveConnection decrypts it', async () => {
    const response = await t.request(
      `/api/connections/${created.id}`,
      json('PUT', { ...created, url: 'postgres://db/orders2', password: SECRET_MASK }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ url: 'postgres://db/orders2', password: SECRET_MASK });
    const resolved = await connectionsServiceFor(t.deps).resolveConnection('connection://postgres/orders-db', null);
    expect(resolved).toMatchObject({ password: 'hunter2', url: 'postgres://db/orders2' });
    expect((await connectionsServiceFor(t.deps).resolveConnection('connection://default/orders-db', null)).id).toBe(
      created.id,
    );
  });

  it('refuses a duplicate name in one namespace', async () => {
    const response = await post({ name: 'orders-db', type: 'folder', url: '/tmp' });
    expect(response.status).toBe(409);
  });

  it('stores a secret reference as is and resolves it from the mounted file', async () => {
    const response = await post({
      name: 'ref',
      type: 'http',
      url: 'http://x',
      username: 'u',
      password: 'secret://db-creds/password',
    });
    expect(response.status).toBe(201);
    const body = await jsonOf(response);
    expect(body.password).toBe('secret://db-creds/password');
    expect((await connectionsServiceFor(t.deps).resolveConnection(String(body.id), null)).password).toBe(
      'from-a-secret',
    );
  });

  it('fails the test clearly when a stored reference no longer resolves', async () => {
    mkdirSync(join(refs, 'secret', 'gone'), { recursive: true });
    writeFileSync(join(refs, 'secret', 'gone', 'password'), 'x');
    const created = await jsonOf(
      await post({
        name: 'dangling',
        type: 'http',
        url: 'http://x',
        username: 'u',
        password: 'secret://gone/password',
      }),
    );
    rmSync(join(refs, 'secret', 'gone'), { recursive: true });
    const response = await t.request(`/api/connection/test/${String(created.id)}`, json('POST'));
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({
      ok: false,
      mode: 'invalid',
      message: "secret://gone/password refers to nothing: no secret 'gone' with key 'password'",
    });
  });

  it('builds and encrypts the provider URL of a notification type', async () => {
    const response = await post({
      name: 'chat',
      namespace: 'ops',
      type: 'discord',
      password: 'webhook-token',
      properties: { webhookId: '42' },
    });
    expect(response.status).toBe(201);
    const body = await jsonOf(response);
    expect(body).toMatchObject({ url: SECRET_MASK, password: SECRET_MASK, namespace: 'ops' });
    const { rows } = await t.database.pool.query('SELECT url FROM connections WHERE id = $1', [body.id]);
    expect(rows[0].url).toMatch(/^mcenc:v1:/);
    expect((await connectionsServiceFor(t.deps).resolveConnection('connection://discord/chat', null)).url).toBe(
      'discord://webhook-token@42',
    );
  });

  it('refuses plaintext written around the API (database guard)', async () => {
    await expect(
      t.database.pool.query("INSERT INTO connections (name, type, password) VALUES ('raw', 'http', 'plain')"),
    ).rejects.toThrow(/must be encrypted/);
  });

  it('deletes softly', async () => {
    expect((await t.request(`/api/connections/${created.id}`, json('DELETE'))).status).toBe(204);
    expect((await t.request(`/api/connections/${created.id}`)).status).toBe(404);
    const { rows } = await t.database.pool.query('SELECT deleted_at FROM connections WHERE id = $1', [created.id]);
    expect(rows[0].deleted_at).not.toBeNull();
  });
});

describe('connections API: every type', () => {
  it('saves each type with its required fields filled, and reads it back masked', async () => {
    for (const definition of CONNECTION_TYPES) {
      const body: Record<string, unknown> & { properties: Record<string, unknown> } = {
        name: `all-${definition.type}`,
        type: definition.type,
        properties: {},
      };
      for (const field of definition.fields) {
        if (!field.required) continue;
        const value =
          field.kind === 'connection'
            ? 'connection://default/ref'
            : field.path === 'url'
              ? `${CONNECTION_URL_RULES[definition.type]?.schemes[0] ?? 'https'}://v`
              : (field.options?.[0] ?? 'v');
        if (field.path.startsWith('properties.')) body.properties[field.path.slice(11)] = value;
        else body[field.path] = value;
      }
      const response = await post(body);
      expect(response.status, `${definition.type}: ${await response.clone().text()}`).toBe(201);
      const read = await jsonOf(await t.request(`/api/connections/${(await jsonOf(response)).id}`));
      expect(read.type).toBe(definition.type);
      if (body.password) expect(read.password).toBe(SECRET_MASK);
    }
  });
});
