import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientFor, ID, raw, seedConformance, sqlJson, sqlJsonOne } from './conformance-fixtures.js';
import { createRestTestApp, type RestTestApp } from './testing/rest-test-app.js';

let t: RestTestApp;
let client: PostgrestClient;
const sql = (text: string, params: unknown[] = []) => sqlJson(t.database, text, params);
const LIVE_CHECKS = 'FROM checks WHERE deleted_at IS NULL';

beforeAll(async () => {
  t = await createRestTestApp();
  await seedConformance(t.database);
  client = clientFor(t);
});
afterAll(async () => {
  await t?.close();
});

describe('select', () => {
  test('columns', async () => {
    const res = await client.from('checks').select('id,name,status').order('name');
    expect(res.error).toBeNull();
    expect(res.data).toEqual(await sql(`SELECT id, name, status ${LIVE_CHECKS} ORDER BY name`));
  });

  test('aliases, casts and JSON paths', async () => {
    const res = await client
      .from('checks')
      .select('n:name,created:created_at::text,labels->>app,team:labels->tier,labels->>missing')
      .order('name');
    expect(res.error).toBeNull();
    expect(res.data).toEqual(
      await sql(`SELECT name AS n, created_at::text AS created, labels->>'app' AS app, labels->'tier' AS team,
        labels->>'missing' AS missing ${LIVE_CHECKS} ORDER BY name`),
    );
  });

  test('a cast outside the allow-list is refused', async () => {
    const res = await client.from('checks').select('name::regclass');
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('PGRST100');
  });

  test('embedded to-one resource', async () => {
    const res = await client.from('checks').select('name,canary:canaries(name,namespace)').order('name');
    expect(res.error).toBeNull();
    expect(res.data).toEqual(
      await sql(`SELECT k.name, CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('name', c.name, 'namespace', c.namespace) END AS canary
        FROM checks k LEFT JOIN canaries c ON c.id = k.canary_id AND c.deleted_at IS NULL WHERE k.deleted_at IS NULL ORDER BY k.name`),
    );
  });

  test('embedded to-many resource with its own filter, order and limit', async () => {
    const res = await client
      .from('canaries')
      .select('name,checks(name,status)')
      .neq('checks.type', 'dns')
      .order('name')
      .order('name', { referencedTable: 'checks', ascending: false })
      .limit(1, { referencedTable: 'checks' });
    expect(res.error).toBeNull();
    expect(res.data).toEqual(
      await sql(`SELECT c.name, COALESCE((SELECT json_agg(x) FROM (SELECT k.name, k.status FROM checks k
          WHERE k.canary_id = c.id AND k.type <> 'dns' AND k.deleted_at IS NULL ORDER BY k.name DESC LIMIT 1) x), '[]') AS checks
        FROM canaries c WHERE c.deleted_at IS NULL ORDER BY c.name`),
    );
  });

  test('!inner keeps only parents with a matching child; embedded or=', async () => {
    const res = await client
      .from('canaries')
      .select('name,checks!inner(name)')
      .or('status.eq.unhealthy,severity.eq.low', { referencedTable: 'checks' })
      .order('name');
    expect(res.error).toBeNull();
    expect(res.data).toEqual(
      await sql(`SELECT c.name, (SELECT json_agg(x) FROM (SELECT k.name FROM checks k WHERE k.canary_id = c.id
          AND (k.status = 'unhealthy' OR k.severity = 'low') AND k.deleted_at IS NULL) x) AS checks
        FROM canaries c WHERE c.deleted_at IS NULL AND EXISTS (SELECT 1 FROM checks k WHERE k.canary_id = c.id
          AND (k.status = 'unhealthy' OR k.severity = 'low') AND k.deleted_at IS NULL) ORDER BY c.name`),
    );
  });

  test('!hint picks one of several foreign keys; without it the embed is ambiguous (PGRST201)', async () => {
    const res = await client
      .from('incidents')
      .select('title,commander:people!commander_id(name),author:people!created_by(name)');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([{ title: 'Checkout down', commander: { name: 'Bob' }, author: { name: 'Alice' } }]);
    const ambiguous = await client.from('incidents').select('title,people(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
  });

  test('self reference: many-to-one by column, one-to-many by table!column', async () => {
    const res = await client
      .from('config_items')
      .select('name,parent:parent_id(name),children:config_items!parent_id(name)')
      .order('name');
    expect(res.error).toBeNull();
    expect(res.data).toEqual(
      await sql(`SELECT i.name, (SELECT json_build_object('name', p.name) FROM config_items p WHERE p.id = i.parent_id) AS parent,
        COALESCE((SELECT json_agg(json_build_object('name', c.name)) FROM config_items c WHERE c.parent_id = i.id), '[]') AS children
        FROM config_items i ORDER BY i.name`),
    );
  });

  test('unknown relationship is PGRST200', async () => {
    const res = await client.from('checks').select('name,people(name)');
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('PGRST200');
  });
});

function checkNames(c: PostgrestClient) {
  return c.from('checks').select('name').order('name');
}
type CheckQuery = ReturnType<typeof checkNames>;

const FILTER_CASES: [string, (q: CheckQuery) => CheckQuery, string][] = [
  ['eq', (q) => q.eq('status', 'healthy'), "status = 'healthy'"],
  ['neq', (q) => q.neq('status', 'healthy'), "status <> 'healthy'"],
  ['gt', (q) => q.gt('created_at', '2026-01-01T02:00:00Z'), "created_at > '2026-01-01T02:00:00Z'"],
  ['gte', (q) => q.gte('created_at', '2026-01-01T02:00:00Z'), "created_at >= '2026-01-01T02:00:00Z'"],
  ['lt', (q) => q.lt('created_at', '2026-01-02T01:00:00Z'), "created_at < '2026-01-02T01:00:00Z'"],
  ['lte', (q) => q.lte('created_at', '2026-01-02T01:00:00Z'), "created_at <= '2026-01-02T01:00:00Z'"],
  ['like', (q) => q.like('name', '*page*'), "name LIKE '%page%'"],
  ['ilike', (q) => q.ilike('name', 'r*'), "name ILIKE 'r%'"],
  ['match', (q) => q.filter('name', 'match', '^[a-z]+$'), "name ~ '^[a-z]+$'"],
  ['imatch', (q) => q.filter('name', 'imatch', '^r'), "name ~* '^r'"],
  ['in', (q) => q.in('type', ['http', 'dns']), "type IN ('http', 'dns')"],
  ['in with quoted comma', (q) => q.in('name', ['login page', 'a,b']), "name IN ('login page', 'a,b')"],
  ['is null', (q) => q.is('status', null), 'status IS NULL'],
  ['not is null', (q) => q.not('status', 'is', null), 'status IS NOT NULL'],
  ['cs on jsonb', (q) => q.contains('labels', { app: 'web' }), 'labels @> \'{"app": "web"}\''],
  [
    'cd on jsonb',
    (q) => q.containedBy('labels', { app: 'db', tier: 'data', x: '1' }),
    'labels <@ \'{"app": "db", "tier": "data", "x": "1"}\'',
  ],
  ['JSON path eq', (q) => q.eq('labels->>tier', 'auth'), "labels->>'tier' = 'auth'"],
  [
    'fts with language',
    (q) => q.textSearch('description', 'slow & disk', { config: 'english' }),
    "to_tsvector('english', description) @@ to_tsquery('english', 'slow & disk')",
  ],
  [
    'plfts',
    (q) => q.textSearch('description', 'slow disk', { type: 'plain' }),
    "to_tsvector(description) @@ plainto_tsquery('slow disk')",
  ],
  [
    'phfts',
    (q) => q.textSearch('description', 'web server', { type: 'phrase', config: 'english' }),
    "to_tsvector('english', description) @@ phraseto_tsquery('english', 'web server')",
  ],
  [
    'wfts',
    (q) => q.textSearch('description', 'disk -full', { type: 'websearch' }),
    "to_tsvector(description) @@ websearch_to_tsquery('disk -full')",
  ],
  ['not.', (q) => q.not('type', 'eq', 'http'), "NOT (type = 'http')"],
  ['like(any)', (q) => q.likeAnyOf('name', ['home*', '*page']), "name LIKE ANY(ARRAY['home%', '%page'])"],
  [
    'or with nested and',
    (q) => q.or('status.eq.healthy,and(type.eq.http,severity.is.null)'),
    "(status = 'healthy' OR (type = 'http' AND severity IS NULL))",
  ],
];

describe('filters (each compared with SQL)', () => {
  test.each(FILTER_CASES)('%s', async (_name, apply, where) => {
    const res = await apply(checkNames(client));
    expect(res.error).toBeNull();
    expect(res.data).toEqual(await sql(`SELECT name ${LIVE_CHECKS} AND ${where} ORDER BY name`));
  });

  test('is true / false / unknown on a boolean', async () => {
    for (const [value, where] of [
      ['true', 'status IS TRUE'],
      ['false', 'status IS FALSE'],
      ['unknown', 'status IS UNKNOWN'],
    ] as const) {
      const res = await raw(t, `check_statuses?select=time&status=is.${value}&order=time&limit=5`);
      expect(await res.json()).toEqual(
        await sql(`SELECT time FROM check_statuses WHERE ${where} ORDER BY time LIMIT 5`),
      );
    }
  });

  test('cs / cd / ov on a text array', async () => {
    const cases: [string, string][] = [
      ['external_id=cs.{pay}', "external_id @> '{pay}'"],
      ['external_id=cd.{k8s/prod,x}', "external_id <@ '{k8s/prod,x}'"],
      ['external_id=ov.{pay,k8s/prod}', "external_id && '{pay,k8s/prod}'"],
    ];
    for (const [qs, where] of cases) {
      const res = await raw(t, `config_items?select=name&${qs}&order=name`);
      expect(await res.json()).toEqual(await sql(`SELECT name FROM config_items WHERE ${where} ORDER BY name`));
    }
  });

  test('and=(…), not.or=(…) and not.and=(…)', async () => {
    const cases: [string, string][] = [
      ['and=(type.eq.http,status.eq.healthy)', "(type = 'http' AND status = 'healthy')"],
      ['not.or=(type.eq.http,status.is.null)', "NOT (type = 'http' OR status IS NULL)"],
      ['not.and=(type.eq.postgres,status.eq.healthy)', "NOT (type = 'postgres' AND status = 'healthy')"],
      [
        'or=(name.in.(primary,replica),not.and(labels->>app.eq.web,severity.not.is.null))',
        "(name IN ('primary','replica') OR NOT (labels->>'app' = 'web' AND severity IS NOT NULL))",
      ],
    ];
    for (const [qs, where] of cases) {
      const res = await raw(t, `checks?select=name&${qs}&order=name`);
      expect(await res.json()).toEqual(await sql(`SELECT name ${LIVE_CHECKS} AND ${where} ORDER BY name`));
    }
  });

  test('a malformed filter is PGRST100, a bad value 22P02, an unknown column 42703', async () => {
    const malformed = await client.from('checks').select('name').filter('name', 'eqq', 'x');
    expect([malformed.status, malformed.error?.code]).toEqual([400, 'PGRST100']);
    const badValue = await client.from('checks').select('name').eq('id', 'not-a-uuid');
    expect([badValue.status, badValue.error?.code]).toEqual([400, '22P02']);
    const unknown = await client.from('checks').select('name').eq('nope', 1);
    expect(unknown.status).toBe(400);
    expect(unknown.error).toEqual({
      code: '42703',
      message: 'column checks.nope does not exist',
      details: null,
      hint: null,
    });
  });
});

describe('order', () => {
  test('desc with nulls first, then asc with nulls last', async () => {
    const res = await client
      .from('checks')
      .select('name,severity,status')
      .order('severity', { ascending: false, nullsFirst: true })
      .order('status', { ascending: true, nullsFirst: false })
      .order('name');
    expect(res.data).toEqual(
      await sql(
        `SELECT name, severity, status ${LIVE_CHECKS} ORDER BY severity DESC NULLS FIRST, status ASC NULLS LAST, name`,
      ),
    );
  });

  test('on a JSON path', async () => {
    const res = await raw(t, 'checks?select=name&order=labels->>tier.desc.nullslast,name');
    expect(await res.json()).toEqual(
      await sql(`SELECT name ${LIVE_CHECKS} ORDER BY labels->>'tier' DESC NULLS LAST, name`),
    );
  });
});

describe('paging and counts', () => {
  test('range() with count=exact is 206 with Content-Range; the whole set is 200', async () => {
    const page = await client.from('checks').select('name', { count: 'exact' }).order('name').range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(5);
    expect(page.data).toEqual(await sql(`SELECT name ${LIVE_CHECKS} ORDER BY name LIMIT 2 OFFSET 1`));
    const whole = await client.from('checks').select('name', { count: 'exact' });
    expect([whole.status, whole.count]).toEqual([200, 5]);
  });

  test('Range header, Content-Range values and 416 past the end', async () => {
    const res = await raw(t, 'checks?select=name&order=name', {
      headers: { Range: '2-3', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('2-3/5');
    expect(await res.json()).toEqual(await sql(`SELECT name ${LIVE_CHECKS} ORDER BY name LIMIT 2 OFFSET 2`));
    const noCount = await raw(t, 'checks?select=name&limit=2');
    expect([noCount.status, noCount.headers.get('content-range')]).toEqual([200, '0-1/*']);
    const past = await raw(t, 'checks?offset=9', { headers: { Prefer: 'count=exact' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('*/5');
    expect(await past.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 9 was requested, but there are only 5 rows.',
      hint: null,
    });
    const empty = await raw(t, 'checks?name=eq.none', { headers: { Prefer: 'count=exact' } });
    expect([empty.status, empty.headers.get('content-range')]).toEqual([200, '*/0']);
  });

  test('count=planned is the planner estimate; count=estimated is exact below the threshold', async () => {
    const planned = await client.from('check_statuses').select('time', { count: 'planned', head: true });
    expect(planned.count).toBeGreaterThan(1000);
    const estimatedSmall = await client.from('checks').select('name', { count: 'estimated' });
    expect(estimatedSmall.count).toBe(5);
    const estimatedBig = await client.from('check_statuses').select('time', { count: 'estimated' }).limit(10);
    expect(estimatedBig.status).toBe(206);
    expect(estimatedBig.count).toBeGreaterThan(2000);
  });

  test('max rows caps an unbounded read at 2000', async () => {
    const res = await client.from('check_statuses').select('time', { count: 'exact' }).order('time');
    expect(res.data).toHaveLength(2000);
    expect([res.status, res.count]).toEqual([206, 2100]);
  });
});

describe('single object', () => {
  test('single() returns the object; several rows are 406 PGRST116', async () => {
    const one = await client.from('checks').select('name,status').eq('id', ID.http).single();
    expect(one.data).toEqual(await sqlJsonOne(t.database, `SELECT name, status FROM checks WHERE id = $1`, [ID.http]));
    const many = await client.from('checks').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 5 rows',
      hint: null,
    });
    const none = await client.from('checks').select('name').eq('name', 'nothing').maybeSingle();
    expect([none.data, none.error]).toEqual([null, null]);
  });

  test('unsupported Accept is 406 PGRST107', async () => {
    const res = await raw(t, 'checks', { headers: { Accept: 'application/xml' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ code: 'PGRST107' });
  });
});

describe('soft delete, hidden columns, unknown tables', () => {
  test('soft-deleted rows are hidden unless the query filters deleted_at', async () => {
    const live = await client.from('canaries').select('name').order('name');
    expect(live.data).toEqual(await sql('SELECT name FROM canaries WHERE deleted_at IS NULL ORDER BY name'));
    const deleted = await client.from('canaries').select('name').not('deleted_at', 'is', null);
    expect(deleted.data).toEqual([{ name: 'gone' }]);
    const either = await client
      .from('canaries')
      .select('name')
      .or('deleted_at.is.null,deleted_at.gt.2000-01-01')
      .order('name');
    expect(either.data).toEqual(await sql('SELECT name FROM canaries ORDER BY name'));
  });

  test('secret columns are never returned, selected, filtered or ordered', async () => {
    const all = await client.from('connections').select('*');
    expect(all.data).toHaveLength(1);
    const row = (all.data as Record<string, unknown>[])[0] ?? {};
    expect(Object.keys(row)).not.toContain('password');
    expect(Object.keys(row)).not.toContain('username');
    expect(Object.keys(row)).not.toContain('certificate');
    expect(JSON.stringify(all.data)).not.toContain('s3cret');
    for (const res of [
      await client.from('connections').select('password'),
      await client.from('connections').select('name').eq('password', 's3cret'),
      await client.from('connections').select('name').order('username'),
      await client.from('connections').select('name').or('password.eq.s3cret,name.eq.x'),
    ]) {
      expect([res.status, res.error?.code]).toEqual([400, '42703']);
    }
  });

  test('a table not on the allow-list is PGRST205 404', async () => {
    for (const name of ['sessions', 'identity_credentials', 'pg_class', 'nope']) {
      const res = await client.from(name).select('*');
      expect([res.status, res.error?.code]).toEqual([404, 'PGRST205']);
    }
  });

  test('HEAD with count answers only headers', async () => {
    const res = await client.from('checks').select('*', { count: 'exact', head: true });
    expect([res.status, res.count, res.data]).toEqual([200, 5, null]);
  });
});
