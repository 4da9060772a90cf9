import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientFor, ID, raw, seedConformance, sqlJson } from './conformance-fixtures.js';
import { EXPOSED_TABLES } from './exposed-resources.js';
import { createRestTestApp, type RestTestApp } from './testing/rest-test-app.js';

let t: RestTestApp;
let client: PostgrestClient;
const sql = (text: string, params: unknown[] = []) => sqlJson(t.database, text, params);
const json = { 'Content-Type': 'application/json' };

/**
 * The engine's write conformance runs on people and checks, which the product writes through their own
 * routes (exposed-resources.ts refuses them here): this allow-list opens them for these tests only.
 */
const WRITABLE_FOR_CONFORMANCE = { ...EXPOSED_TABLES, people: { writable: true }, checks: { writable: true } };

beforeAll(async () => {
  t = await createRestTestApp([], WRITABLE_FOR_CONFORMANCE);
  await seedConformance(t.database);
  client = clientFor(t);
});
afterAll(async () => {
  await t?.close();
});

describe('POST', () => {
  test('single insert with return=representation answers the stored row', async () => {
    const res = await client.from('people').insert({ name: 'Carol', email: 'carol@example.com' }).select().single();
    expect(res.status).toBe(201);
    expect(res.data).toEqual(
      await sql(`SELECT * FROM people WHERE email = 'carol@example.com'`).then((rows) => (rows as unknown[])[0]),
    );
  });

  test('bulk insert (postgrest-js sends columns=) with select= and an embed', async () => {
    const res = await client
      .from('checks')
      .insert([
        { canary_id: ID.web, type: 'http', name: 'bulk a' },
        { canary_id: ID.db, type: 'tcp', name: 'bulk b', severity: 'low' },
      ])
      .select('name,severity,canary:canaries(name)');
    expect(res.status).toBe(201);
    expect(res.data).toEqual(
      await sql(`SELECT k.name, k.severity, json_build_object('name', c.name) AS canary FROM checks k
        JOIN canaries c ON c.id = k.canary_id WHERE k.name LIKE 'bulk %' ORDER BY k.name`),
    );
  });

  test('missing=default fills absent keys with column defaults; without it they are null', async () => {
    const withDefault = await client
      .from('canaries')
      .insert([{ name: 'defaults', namespace: 'x' }, { name: 'defaults-2' }], { defaultToNull: false })
      .select('name,namespace,source');
    expect(withDefault.error).toBeNull();
    expect(withDefault.data).toEqual([
      { name: 'defaults', namespace: 'x', source: 'UI' },
      { name: 'defaults-2', namespace: 'default', source: 'UI' },
    ]);
    const asNull = await client.from('canaries').insert([{ name: 'n1', namespace: 'x' }, { name: 'n2' }]);
    expect([asNull.status, asNull.error?.code]).toEqual([400, '23502']);
  });

  test('return=minimal answers 201 with no body; headers-only gives a Location', async () => {
    const minimal = await client.from('people').insert({ name: 'Dan' });
    expect([minimal.status, minimal.data]).toEqual([201, null]);
    const res = await raw(t, 'people', {
      method: 'POST',
      headers: { ...json, Prefer: 'return=headers-only' },
      body: JSON.stringify({ id: '00000000-0000-0000-0000-00000000a009', name: 'Eve' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/people?id=eq.00000000-0000-0000-0000-00000000a009');
    expect(await res.text()).toBe('');
  });

  test('upsert merge-duplicates updates the existing row; ignore-duplicates leaves it', async () => {
    const merged = await client
      .from('people')
      .upsert([
        { id: ID.alice, name: 'Alice Liddell' },
        { id: '00000000-0000-0000-0000-00000000a010', name: 'Frank' },
      ])
      .select('id,name');
    expect(merged.error).toBeNull();
    expect(
      await sql(`SELECT name FROM people WHERE id IN ($1, $2) ORDER BY name`, [
        ID.alice,
        '00000000-0000-0000-0000-00000000a010',
      ]),
    ).toEqual([{ name: 'Alice Liddell' }, { name: 'Frank' }]);
    const ignored = await client
      .from('people')
      .upsert({ email: 'bob@example.com', name: 'Robert' }, { onConflict: 'email', ignoreDuplicates: true })
      .select('name');
    expect([ignored.status, ignored.data]).toEqual([201, []]);
    expect(await sql(`SELECT name FROM people WHERE id = $1`, [ID.bob])).toEqual([{ name: 'Bob' }]);
    const byEmail = await client
      .from('people')
      .upsert({ email: 'bob@example.com', name: 'Robert' }, { onConflict: 'email' });
    expect(byEmail.status).toBe(201);
    expect(await sql(`SELECT name FROM people WHERE id = $1`, [ID.bob])).toEqual([{ name: 'Robert' }]);
  });

  test('constraint violations map to PostgREST statuses', async () => {
    const unique = await client.from('people').insert({ name: 'dup', email: 'alice@example.com' });
    expect([unique.status, unique.error?.code]).toEqual([409, '23505']);
    const fk = await client
      .from('checks')
      .insert({ canary_id: '00000000-0000-0000-0000-0000000000ff', type: 'x', name: 'x' });
    expect([fk.status, fk.error?.code]).toEqual([409, '23503']);
    const notNull = await client.from('checks').insert({ canary_id: ID.web, type: 'x' });
    expect([notNull.status, notNull.error?.code]).toEqual([400, '23502']);
    const invalid = await client.from('checks').insert({ canary_id: 'nope', type: 'x', name: 'x' });
    expect([invalid.status, invalid.error?.code]).toEqual([400, '22P02']);
    const column = await client.from('checks').insert({ canary_id: ID.web, type: 'x', name: 'x', bogus: 1 });
    expect([column.status, column.error?.code]).toEqual([400, 'PGRST204']);
  });

  test('a body that is not JSON (or keys that differ) is PGRST102', async () => {
    for (const body of ['{not json', '42', '[1,2]', '']) {
      const res = await raw(t, 'people', { method: 'POST', headers: json, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'PGRST102' });
    }
    const keys = await raw(t, 'people', {
      method: 'POST',
      headers: json,
      body: JSON.stringify([{ name: 'a' }, { title: 'b' }]),
    });
    expect(await keys.json()).toEqual({
      code: 'PGRST102',
      message: 'All object keys must match',
      details: null,
      hint: null,
    });
  });

  test('read-only resources refuse writes', async () => {
    for (const table of ['audit_log', 'connections', 'job_history']) {
      const res = await client.from(table).insert({ name: 'x' });
      expect([res.status, res.error?.code]).toEqual([405, '42501']);
    }
  });
});

describe('PATCH and DELETE', () => {
  test('PATCH with filters updates exactly those rows and returns them', async () => {
    const res = await client
      .from('checks')
      .update({ severity: 'medium' })
      .eq('canary_id', ID.db)
      .eq('type', 'postgres')
      .select('name,severity');
    expect(res.status).toBe(200);
    expect(res.data).toEqual(
      await sql(`SELECT name, severity FROM checks WHERE canary_id = $1 AND type = 'postgres' ORDER BY name`, [ID.db]),
    );
    expect(await sql(`SELECT count(*)::int AS n FROM checks WHERE severity = 'medium'`)).toEqual([{ n: 2 }]);
  });

  test('PATCH with return=minimal is 204; soft-deleted rows are not touched', async () => {
    const res = await client.from('checks').update({ owner: 'ops' }).eq('canary_id', ID.db);
    expect(res.status).toBe(204);
    expect(await sql(`SELECT name FROM checks WHERE owner = 'ops' ORDER BY name`)).toEqual(
      await sql(`SELECT name FROM checks WHERE canary_id = $1 AND deleted_at IS NULL ORDER BY name`, [ID.db]),
    );
  });

  test('PATCH or DELETE with no filter is refused (400, 21000)', async () => {
    const patch = await client.from('checks').update({ owner: 'everyone' }).select();
    expect([patch.status, patch.error?.code, patch.error?.message]).toEqual([
      400,
      '21000',
      'UPDATE requires a WHERE clause',
    ]);
    const del = await raw(t, 'checks', { method: 'DELETE' });
    expect(await del.json()).toEqual({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
      details: null,
      hint: null,
    });
    expect(await sql(`SELECT count(*)::int AS n FROM checks WHERE owner = 'everyone'`)).toEqual([{ n: 0 }]);
  });

  test('DELETE with filters and return=representation', async () => {
    const res = await client.from('checks').delete().like('name', 'bulk*').select('name');
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ name: 'bulk a' }, { name: 'bulk b' }]);
    expect(await sql(`SELECT name FROM checks WHERE name LIKE 'bulk%'`)).toEqual([]);
  });

  test('a single-object write that touches several rows is 406 and rolled back', async () => {
    const res = await raw(t, `checks?canary_id=eq.${ID.web}`, {
      method: 'PATCH',
      headers: { ...json, Accept: 'application/vnd.pgrst.object+json', Prefer: 'return=representation' },
      body: JSON.stringify({ owner: 'rolled-back' }),
    });
    expect(res.status).toBe(406);
    expect(await sql(`SELECT count(*)::int AS n FROM checks WHERE owner = 'rolled-back'`)).toEqual([{ n: 0 }]);
  });
});

describe('RPC', () => {
  let rpc: RestTestApp;
  let rpcClient: PostgrestClient;
  beforeAll(async () => {
    rpc = await createRestTestApp(['test_add', 'test_series', 'test_checks_by_status', 'test_names', 'test_touch']);
    await seedConformance(rpc.database);
    await rpc.database.pool.query(`
      CREATE FUNCTION test_add(a int, b int DEFAULT 1) RETURNS int LANGUAGE sql IMMUTABLE AS 'SELECT a + b';
      CREATE FUNCTION test_series(n int) RETURNS TABLE (i int, label text) LANGUAGE sql IMMUTABLE
        AS 'SELECT g, ''n'' || g FROM generate_series(1, n) g';
      CREATE FUNCTION test_checks_by_status(st text) RETURNS SETOF checks LANGUAGE sql STABLE
        AS 'SELECT * FROM checks WHERE status = st AND deleted_at IS NULL';
      CREATE FUNCTION test_names() RETURNS SETOF text LANGUAGE sql STABLE AS 'SELECT name FROM canaries ORDER BY name';
      CREATE FUNCTION test_touch(who text) RETURNS text LANGUAGE sql VOLATILE AS 'SELECT who';
    `);
    rpcClient = clientFor(rpc);
  });
  afterAll(async () => {
    await rpc?.close();
  });

  test('scalar function by GET (query args) and POST (JSON body), defaults apply', async () => {
    expect((await rpcClient.rpc('test_add', { a: 2, b: 3 }, { get: true })).data).toBe(5);
    expect((await rpcClient.rpc('test_add', { a: 2 })).data).toBe(3);
  });

  test('set-returning results take filters, order, limit and select', async () => {
    const res = await rpcClient
      .rpc('test_series', { n: 10 })
      .select('label')
      .gt('i', 3)
      .order('i', { ascending: false })
      .limit(2);
    expect(res.data).toEqual([{ label: 'n10' }, { label: 'n9' }]);
    const counted = await rpcClient.rpc('test_series', { n: 10 }, { count: 'exact', get: true }).range(0, 3);
    expect([counted.status, counted.count]).toEqual([206, 10]);
  });

  test('a function returning table rows embeds like the table', async () => {
    const res = await rpcClient
      .rpc('test_checks_by_status', { st: 'unhealthy' })
      .select('name,canary:canaries(name)')
      .order('name');
    expect(res.data).toEqual(
      await sqlJson(
        rpc.database,
        `SELECT k.name, json_build_object('name', c.name) AS canary FROM checks k JOIN canaries c ON c.id = k.canary_id
        WHERE k.status = 'unhealthy' AND k.deleted_at IS NULL ORDER BY k.name`,
      ),
    );
  });

  test('set of scalars is a JSON array', async () => {
    expect((await rpcClient.rpc('test_names', {}, { get: true })).data).toEqual(['db', 'gone', 'web']);
  });

  test('unknown function or arguments are PGRST202 404; a volatile function by GET is 405', async () => {
    const unknown = await rpcClient.rpc('nope', {});
    expect([unknown.status, unknown.error?.code]).toEqual([404, 'PGRST202']);
    const badArgs = await rpcClient.rpc('test_add', { x: 1 });
    expect([badArgs.status, badArgs.error?.code]).toEqual([404, 'PGRST202']);
    const getVolatile = await rpcClient.rpc('test_touch', { who: 'x' }, { get: true });
    expect(getVolatile.status).toBe(405);
    expect((await rpcClient.rpc('test_touch', { who: 'x' })).data).toBe('x');
    const notExposed = await clientFor(t).rpc('test_add', { a: 1 });
    expect(notExposed.error?.code).toBe('PGRST202');
  });
});
