import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ID, raw, seedConformance } from './conformance-fixtures.js';
import { createRestTestApp, type RestTestApp } from './testing/rest-test-app.js';

/**
 * The representations PostgREST serves besides a JSON array (issue 29 class 4), so a spreadsheet or a
 * report reads any view: `text/csv`, one object, and counts with `Content-Range`.
 */
let t: RestTestApp;
const csv = { Accept: 'text/csv' };

beforeAll(async () => {
  t = await createRestTestApp();
  await seedConformance(t.database, { statuses: 30 });
});
afterAll(() => t?.close());

describe('text/csv', () => {
  test('a header of the keys, then one line a row, quoted where needed and NULL empty', async () => {
    const res = await raw(t, `checks?select=name,status,severity,description&canary_id=eq.${ID.web}&order=created_at`, {
      headers: csv,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe(
      [
        'name,status,severity,description',
        'homepage,healthy,high,"fast response from the web server"',
        '"login page",unhealthy,,"slow disk on login"',
        'Resolver,,low,"dns answers quickly"',
      ].join('\n'),
    );
  });

  test('JSON values and embeds come as their JSON text, quotes doubled', async () => {
    const res = await raw(t, `checks?select=name,labels,canary:canaries(name)&id=eq.${ID.http}`, { headers: csv });
    expect(await res.text()).toBe(
      'name,labels,canary\nhomepage,"{""app"": ""web"", ""tier"": ""front""}","{""name"":""web""}"',
    );
  });

  test('a view, counts, ranges and HEAD as for JSON; nothing matched is an empty header', async () => {
    const res = await raw(t, 'check_statuses?select=status&order=time&offset=9&limit=2', {
      headers: { ...csv, Prefer: 'count=exact' },
    });
    expect([res.status, res.headers.get('content-range')]).toEqual([206, '9-10/30']);
    expect(await res.text()).toBe('status\nf\nt');
    const none = await raw(t, 'checks?name=eq.nothing', { headers: csv });
    expect([none.status, await none.text()]).toEqual([200, '\n']);
    const head = await raw(t, 'checks?select=name', { method: 'HEAD', headers: csv });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      'text/csv; charset=utf-8',
      '',
    ]);
  });

  test('a function returning rows answers CSV too', async () => {
    const res = await raw(t, `rpc/related_configs_recursive?config_id=${ID.root}&max_depth=5&select=name&order=name`, {
      headers: csv,
    });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    const [header, ...lines] = (await res.text()).split('\n');
    expect(header).toBe('name');
    expect(lines).toEqual(expect.arrayContaining(['payments', 'api']));
  });

  test('the first media type the caller lists wins; writes do not answer CSV', async () => {
    const json = await raw(t, `checks?select=name&id=eq.${ID.http}`, {
      headers: { Accept: 'application/json, text/csv' },
    });
    expect(await json.json()).toEqual([{ name: 'homepage' }]);
    const write = await raw(t, 'checks?id=eq.nothing', { method: 'DELETE', headers: csv });
    expect([write.status, ((await write.json()) as { code: string }).code]).toEqual([406, 'PGRST107']);
  });
});

describe('one object and counts', () => {
  test('vnd.pgrst.object+json answers the row, and 406 PGRST116 when not exactly one', async () => {
    const one = await raw(t, `checks?select=name&id=eq.${ID.http}`, {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect([one.status, one.headers.get('content-type'), await one.json()]).toEqual([
      200,
      'application/vnd.pgrst.object+json; charset=utf-8',
      { name: 'homepage' },
    ]);
    const none = await raw(t, 'checks?name=eq.nothing', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect([none.status, await none.json()]).toEqual([
      406,
      {
        code: 'PGRST116',
        message: 'JSON object requested, multiple (or no) rows returned',
        details: 'The result contains 0 rows',
        hint: null,
      },
    ]);
  });

  test.each(['exact', 'planned', 'estimated'])('count=%s answers Content-Range with a total', async (count) => {
    const res = await raw(t, 'checks?select=name&limit=1', { headers: { Prefer: `count=${count}` } });
    expect(res.headers.get('preference-applied')).toBe(`count=${count}`);
    expect(res.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    if (count !== 'planned') expect([res.status, res.headers.get('content-range')]).toEqual([206, '0-0/5']);
  });
});
