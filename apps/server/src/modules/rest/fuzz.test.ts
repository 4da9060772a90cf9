import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedConformance } from './conformance-fixtures.js';
import { Gen, IDENT_INJECTIONS, INJECTIONS, prng } from './fuzz-generators.js';
import { createRestTestApp, type RestTestApp } from './testing/rest-test-app.js';

const SEED = 20261122;
const RANDOM_REQUESTS = 20_000;
const PROBES = 3_000;

const TABLES = [
  'checks',
  'canaries',
  'check_statuses',
  'config_items',
  'people',
  'incidents',
  'connections',
  'audit_log',
];
/**
 * The upstream console's named views and tables (migrations 0180, 0195, and the artifacts it embeds in a
 * run's actions): one request in ten of those naming a resource.
 */
const CONSOLE_VIEWS = [
  'playbook_names',
  'permissions_summary',
  'identities',
  'check_names',
  'check_summary_for_config',
  'canaries_with_status',
  'topologies_with_status',
  'teams_with_status',
  'config_scrapers_with_status',
  'config_changes_items',
  'analysis_types',
  'config_tags_labels_keys',
  'component_labels_keys',
  'checks_labels_keys',
  'saved_query',
  'incident_rules',
  'artifacts',
];
const COLUMNS = [
  'id',
  'name',
  'status',
  'labels',
  'type',
  'created_at',
  'deleted_at',
  'canary_id',
  'password',
  'email',
  'tags',
  'external_id',
];
const OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'cs',
  'cd',
  'ov',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'isdistinct',
  'zz',
];
const VALUES = [
  '1',
  'healthy',
  'null',
  'true',
  '(a,b)',
  '{a,b}',
  '{"app":"web"}',
  '*a*',
  '2026-01-01',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000d001',
  '',
];
const CORPUS = [
  'select=*',
  'select=id,name,status&status=eq.healthy&order=name.desc&limit=5',
  'select=name,canary:canaries(name,namespace)',
  'select=name,checks!inner(name,status)&checks.status=eq.healthy&checks.order=name&checks.limit=1',
  'or=(status.eq.healthy,and(name.like.*a*,severity.is.null))',
  'not.or=(status.is.null,type.in.(http,dns))',
  'labels->>app=eq.web&order=labels->>tier.desc.nullslast',
  'name=in.(homepage,"login page")&select=n:name,c:created_at::text',
  'description=fts(english).disk&select=name',
  'select=name,parent:parent_id(name),children:config_items!parent_id(name)',
  'offset=2&limit=2',
  'external_id=ov.{pay,k8s/prod}',
  'name=like(any).{home*,*page}',
];

let t: RestTestApp;
beforeAll(async () => {
  t = await createRestTestApp();
  await seedConformance(t.database, { statuses: 50 });
});
afterAll(async () => {
  await t?.close();
});

function filterPair(g: Gen): string {
  const column = g.chance(0.8) ? g.pick(COLUMNS) : g.junk(6);
  const negate = g.chance(0.2) ? 'not.' : '';
  const op = g.pick(OPS);
  const mod = g.chance(0.1) ? g.pick(['(any)', '(all)', '(english)', '(x y)']) : '';
  const value = g.chance(0.7) ? g.pick(VALUES) : g.chance(0.5) ? g.pick(INJECTIONS) : g.junk();
  return `${encodeURIComponent(column)}=${encodeURIComponent(`${negate}${op}${mod}.${value}`)}`;
}

function logicTree(g: Gen, depth: number): string {
  const n = 1 + g.int(3);
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    if (depth < 3 && g.chance(0.3))
      items.push(`${g.chance(0.3) ? 'not.' : ''}${g.pick(['and', 'or'])}${logicTree(g, depth + 1)}`);
    else
      items.push(
        `${g.pick(COLUMNS)}.${g.chance(0.2) ? 'not.' : ''}${g.pick(OPS)}.${g.pick([...VALUES, ...INJECTIONS])}`,
      );
  }
  const text = `(${items.join(',')})`;
  return g.chance(0.1) ? text.slice(0, g.int(text.length)) : text;
}

function mutate(g: Gen, text: string): string {
  const chars = [...text];
  const edits = 1 + g.int(4);
  for (let i = 0; i < edits; i++) {
    const at = g.int(chars.length + 1);
    const kind = g.int(3);
    if (kind === 0) chars.splice(at, 1);
    else if (kind === 1) chars.splice(at, 0, g.pick([...'.,()!:*"\'-&=>{}%']));
    else chars.splice(at, 0, ...g.junk(4));
  }
  return chars.join('');
}

function queryString(g: Gen): string {
  if (g.chance(0.3)) {
    const base = g.pick(CORPUS);
    const mutated = g.chance(0.8) ? mutate(g, base) : base;
    // Re-encode what URLSearchParams would reject, keeping the PostgREST punctuation visible.
    return mutated
      .split('&')
      .map((pair) =>
        pair
          .split('=')
          .map((part) => encodeURIComponent(part))
          .join('='),
      )
      .join('&');
  }
  const parts: string[] = [];
  const n = g.int(5);
  for (let i = 0; i < n; i++) {
    const kind = g.int(8);
    if (kind === 0)
      parts.push(
        `select=${encodeURIComponent(g.chance(0.5) ? g.pick(['*', 'id,name', 'name,checks(name)', 'n:name::text', 'labels->>app']) : g.chance(0.5) ? g.pick(IDENT_INJECTIONS) : g.junk())}`,
      );
    else if (kind === 1)
      parts.push(
        `order=${encodeURIComponent(g.chance(0.6) ? `${g.pick(COLUMNS)}.${g.pick(['asc', 'desc', 'nullsfirst', 'desc.nullslast', 'x'])}` : g.pick(IDENT_INJECTIONS))}`,
      );
    else if (kind === 2)
      parts.push(`limit=${encodeURIComponent(g.pick(['0', '1', '5', '-1', '99999999999', '1e3', 'x', '']))}`);
    else if (kind === 3) parts.push(`offset=${encodeURIComponent(g.pick(['0', '3', '10000', '-5', 'x']))}`);
    else if (kind === 4)
      parts.push(`${g.pick(['or', 'and', 'not.or', 'checks.or'])}=${encodeURIComponent(logicTree(g, 0))}`);
    else if (kind === 5) parts.push(`${g.pick(['checks.', 'canary.', 'x.y.', ''])}${filterPair(g)}`);
    else if (kind === 6) parts.push(`${encodeURIComponent(g.junk(6))}=${encodeURIComponent(g.junk())}`);
    else parts.push(filterPair(g));
  }
  return parts.join('&');
}

function headers(g: Gen, method: string): Record<string, string> {
  const h: Record<string, string> = {};
  if (g.chance(0.4))
    h.Prefer = [
      g.pick(['count=exact', 'count=planned', 'count=estimated', 'count=bogus']),
      g.pick([
        'return=representation',
        'return=minimal',
        'return=headers-only',
        'resolution=merge-duplicates',
        'missing=default',
        g.junk(8, true),
      ]),
    ].join(',');
  if (g.chance(0.2)) h.Range = g.pick(['0-9', '5-2', '3-', 'x-y', '-1', '0-99999999999999999', g.junk(6, true)]);
  if (g.chance(0.2))
    h.Accept = g.pick([
      'application/json',
      'application/vnd.pgrst.object+json',
      'text/csv',
      '*/*',
      'application/vnd.pgrst.array+json;nulls=stripped',
      g.junk(8, true),
    ]);
  if (g.chance(0.05)) h['Accept-Profile'] = g.pick(['public', 'private', g.junk(4, true)]);
  if (method !== 'GET' && method !== 'HEAD') h['Content-Type'] = 'application/json';
  return h;
}

function body(g: Gen): string {
  const kind = g.int(6);
  if (kind === 0) return g.junk(30);
  if (kind === 1)
    return JSON.stringify({
      name: g.pick([...INJECTIONS, 'fuzz']),
      [g.pick(COLUMNS)]: g.pick([1, 'x', null, true, { a: 1 }, [1, 2]]),
    });
  if (kind === 2) return JSON.stringify([{ name: 'fuzz a' }, { name: 'fuzz b', status: g.pick(['x', null]) }]);
  if (kind === 3) return JSON.stringify({ [g.pick(IDENT_INJECTIONS)]: 'x' });
  if (kind === 4) return g.pick(['', 'null', '[]', '[1]', '{"a":', '"str"', '{}', '[{}]']);
  return JSON.stringify({
    canary_id: '00000000-0000-0000-0000-00000000c001',
    type: 'fuzz',
    name: `fuzz ${g.int(1e9)}`,
  });
}

function checkAnswer(status: number, text: string, label: string, head = false, csv = false): void {
  // the log's failure lines only for a failure's message: read on every answer, the growing log cost O(n²)
  const failures = status >= 500 ? t.logs.filter((line) => line.includes('data API failure')) : [];
  expect(status, `${label} ${failures.at(-1) ?? ''}`).toBeLessThan(500);
  if (head) return;
  if (status >= 400) {
    const parsed = JSON.parse(text) as Record<string, unknown>; // every error body is JSON
    expect(Object.keys(parsed).sort(), label).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof parsed.code, label).toBe('string');
    expect(typeof parsed.message, label).toBe('string');
  } else if (text !== '' && !csv) {
    JSON.parse(text);
  }
}

async function send(method: string, path: string, init: Record<string, string>, payload?: string) {
  const res = await t.request(`http://localhost/api/db/${path}`, { method, headers: init, body: payload });
  return { status: res.status, text: await res.text(), csv: res.headers.get('content-type')?.startsWith('text/csv') };
}

async function checksums(): Promise<string[]> {
  const tables = [...TABLES, 'teams', 'hypotheses', 'comments'];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const r = await t.database.pool.query<{ sum: string | null }>(
        `SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS sum FROM ${table} x`,
      );
      return `${table}:${r.rows[0]?.sum}`;
    }),
  );
  return parts;
}

// The probes run first, on the seeded rows only: the random requests below insert rows named like probes.
test(`${PROBES} SQL-injection probes change nothing`, { timeout: 300_000 }, async () => {
  const before = await checksums();
  const g = new Gen(prng(SEED + 1));
  for (let i = 0; i < PROBES; i++) {
    const probe = g.pick(INJECTIONS);
    const ident = g.pick(IDENT_INJECTIONS);
    const table = g.pick(g.chance(0.1) ? CONSOLE_VIEWS : TABLES);
    const variants: [string, string, string | undefined][] = [
      ['GET', `${table}?name=eq.${encodeURIComponent(probe)}`, undefined],
      ['GET', `${table}?select=${encodeURIComponent(ident)}`, undefined],
      ['GET', `${table}?order=${encodeURIComponent(ident)}`, undefined],
      ['GET', `${table}?${encodeURIComponent(ident)}=eq.1`, undefined],
      ['GET', `${table}?or=${encodeURIComponent(`(name.eq.${probe},id.in.(${probe}))`)}`, undefined],
      ['GET', `${table}?labels->>${encodeURIComponent(probe)}=eq.x`, undefined],
      ['PATCH', `${table}?name=eq.${encodeURIComponent(probe)}`, JSON.stringify({ name: probe })],
      ['DELETE', `${table}?name=in.(${encodeURIComponent(`"${probe}","${g.pick(INJECTIONS)}"`)})`, undefined],
      ['POST', table, JSON.stringify({ [ident]: probe })],
      ['POST', `${table}?columns=${encodeURIComponent(ident)}`, JSON.stringify({ name: probe })],
      ['GET', `rpc/${encodeURIComponent(ident)}`, undefined],
    ];
    const [method, path, payload] = g.pick(variants);
    const { status, text } = await send(method, path, { 'Content-Type': 'application/json' }, payload);
    checkAnswer(status, text, `probe #${i} ${method} ${path} ${payload ?? ''} -> ${text.slice(0, 300)}`);
  }
  const after = await checksums();
  expect(JSON.stringify(after.filter((sum, i) => sum !== before[i]))).toBe('[]');
});

test(`${RANDOM_REQUESTS} generated and mutated requests: no 5xx, every error in PostgREST's shape`, {
  timeout: 300_000,
}, async () => {
  const g = new Gen(prng(SEED));
  const statuses = new Map<number, number>();
  let previous = '';
  for (let i = 0; i < RANDOM_REQUESTS; i++) {
    const method = g.pick(['GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT']);
    const table = g.chance(0.9) ? g.pick(g.chance(0.1) ? CONSOLE_VIEWS : TABLES) : encodeURIComponent(g.junk(8));
    const rpc = g.chance(0.2) ? 'get_playbook_run_actions' : encodeURIComponent(g.junk(6));
    const path = g.chance(0.05) ? `rpc/${rpc}` : table;
    const qs = queryString(g);
    const h = headers(g, method);
    const payload = method === 'GET' || method === 'HEAD' ? undefined : body(g);
    const { status, text, csv } = await send(method, `${path}?${qs}`, h, payload);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const label = `#${i} ${method} ${path}?${qs} ${JSON.stringify(h)} ${payload ?? ''} -> ${status} ${text.slice(0, 300)}`;
    checkAnswer(status, text, `${label} AFTER ${previous}`, method === 'HEAD', csv);
    previous = label;
  }
  expect(t.logs.filter((line) => line.includes('data API failure'))).toEqual([]);
  // Most requests must reach the database, not only the parser.
  expect((statuses.get(200) ?? 0) + (statuses.get(206) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(
    RANDOM_REQUESTS / 20,
  );
});
