import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { apiSignIn, buildUser } from '../../auth/testing/auth-factory.js';
import { type CatalogGraph, seedCatalogGraph } from './testing/catalog-graph.js';

/**
 * The catalog's views and functions through /api/db (spec 000 §7): option lists from the kept counters,
 * config_detail, related_configs_recursive with every parameter, insights of a component, config–component
 * links, and who may read them (row scope, refused embeds).
 */
let t: TestApp;
let g: CatalogGraph;
type Person = { id: string; token: string };
let viewer: Person;
let editor: Person;
let scoped: Person;

const get = async (path: string, who: Person | null = viewer) =>
  apiCall(t.app, 'GET', `/api/db/${path}`, who?.token ?? null);
const rows = async (path: string, who: Person = viewer) => {
  const res = await get(path, who);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
};
const related = async (query: string) =>
  new Map((await rows(`rpc/related_configs_recursive?${query}`)).map((r) => [r.id as string, r]));

/** A person whose permission row exists before they sign in (the session caches grants for a second). */
async function grantedUser(roles: string[], grant: string, ...values: unknown[]): Promise<Person> {
  const user = await buildUser(t.database, { roles });
  await t.database.pool.query(grant, [user.id, ...values]);
  return { id: user.id, token: await apiSignIn(t.app, user.email, user.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  g = await seedCatalogGraph(t.database, new Date());
  viewer = await signedInUser(t, { roles: ['viewer'] });
  editor = await signedInUser(t, { roles: ['editor'] });
  scoped = await grantedUser([], "INSERT INTO permissions (action, config_id, person_id) VALUES ('read', $2, $1)", g.d);
});
afterAll(() => t.close());

describe('option lists', () => {
  it('answer types, statuses, tags, labels, change types and analyzers with their counts, live items only', async () => {
    const types = await rows('config_types?order=type');
    expect(types.find((r) => r.type === 'Kubernetes::Pod')).toEqual({ type: 'Kubernetes::Pod', count: 2 });
    expect(types.find((r) => r.type === 'Kubernetes::Secret')).toEqual({ type: 'Kubernetes::Secret', count: 1 });
    expect(await rows('config_statuses')).toEqual([{ status: 'Running', count: 7 }]);
    expect(await rows('config_tags?key=eq.cluster&order=value')).toEqual([
      { key: 'cluster', value: 'dev', count: 1 },
      { key: 'cluster', value: 'prod', count: 6 },
    ]);
    expect(await rows('config_labels?key=eq.app&value=eq.web')).toEqual([{ key: 'app', value: 'web', count: 1 }]);
    const changeTypes = await rows('change_types?order=change_type');
    expect(changeTypes.find((r) => r.change_type === 'diff')).toEqual({ change_type: 'diff', count: 5 });
    expect(await rows('config_analysis_analyzers?order=analyzer')).toEqual([
      { analyzer: 'missing-limits', count: 1 },
      { analyzer: 'pod-restarts', count: 1 },
      { analyzer: 'public-bucket', count: 1 },
    ]);
  });

  it('follow deletes, resolved insights and hard deletes', async () => {
    const { rows: made } = await t.database.pool.query(
      `INSERT INTO config_items (name, type, config_class, tags) VALUES ('tmp', 'Test::Options', 'Test', '{"team":"blue"}')
       RETURNING id`,
    );
    const id: string = made[0].id;
    await t.database.pool.query(
      "INSERT INTO config_changes (config_id, change_type) VALUES ($1, 'OnlyHere'), ($1, 'OnlyHere')",
      [id],
    );
    await t.database.pool.query(
      "INSERT INTO config_analysis (config_id, analyzer, status) VALUES ($1, 'only-here', 'open')",
      [id],
    );
    expect(await rows('change_types?change_type=eq.OnlyHere')).toEqual([{ change_type: 'OnlyHere', count: 2 }]);
    expect(await rows('config_tags?key=eq.team')).toEqual([{ key: 'team', value: 'blue', count: 1 }]);
    await t.database.pool.query("UPDATE config_analysis SET status = 'resolved' WHERE config_id = $1", [id]);
    expect(await rows('config_analysis_analyzers?analyzer=eq.only-here')).toEqual([]);
    await t.database.pool.query('DELETE FROM config_items WHERE id = $1', [id]);
    expect(await rows('change_types?change_type=eq.OnlyHere')).toEqual([]);
    expect(await rows('config_tags?key=eq.team')).toEqual([]);
    expect(await rows('config_types?type=eq.Test::Options')).toEqual([]);
    const { rows: left } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM catalog_option_counts WHERE key = 'Test::Options' OR value IN ('Test::Options', 'only-here')",
    );
    expect(left[0].n).toBe(0);
  });
});

describe('config_detail, configs, config_names, config_analysis_items', () => {
  it('config_detail answers the item with the counts of its tabs, and embeds its agent', async () => {
    const [detail] = await rows(`config_detail?id=eq.${g.d}&select=id,name,summary,agent:agents(name)`);
    expect(detail).toEqual({
      id: g.d,
      name: 'web-5d9-x1',
      summary: { relationships: 3, analysis: 2, changes: 2, playbook_runs: 0, checks: 0 },
      agent: { name: 'local' },
    });
    // the view shows config_items' id and parent_id: both ends of its parent key, so config_items is
    // ambiguous from it, as PostgREST answers; the parent is embedded from the table
    expect((await get(`config_detail?id=eq.${g.d}&select=id,parent:config_items(name)`)).status).toBe(300);
    expect(await rows(`config_items?id=eq.${g.d}&select=parent:parent_id(name)`)).toEqual([
      { parent: { name: 'web-5d9' } },
    ]);
  });

  it('configs lists items with their weekly changes and open insights by type; deleted items are hidden', async () => {
    const list = await rows('configs?select=name,changes,analysis&type=eq.Kubernetes::Pod&order=name');
    expect(list).toEqual([
      { name: 'web-5d9-x1', changes: 2, analysis: { availability: 1, reliability: 1 } },
      { name: 'web-5d9-x2', changes: 1, analysis: null },
    ]);
    expect(await rows('configs?select=id&type=eq.Kubernetes::Secret')).toEqual([{ id: g.h }]);
    expect(await rows('config_names?select=name&name=ilike.*secret*&order=name')).toEqual([{ name: 'web-secret-key' }]);
    const insights = await rows(
      'config_analysis_items?select=analyzer,config_name,config_type&status=eq.open&order=analyzer',
    );
    expect(insights).toEqual([
      { analyzer: 'missing-limits', config_name: 'web-5d9-x1', config_type: 'Kubernetes::Pod' },
      { analyzer: 'pod-restarts', config_name: 'web-5d9-x1', config_type: 'Kubernetes::Pod' },
      { analyzer: 'public-bucket', config_name: 'web', config_type: 'Kubernetes::Deployment' },
    ]);
  });
});

describe('rpc/related_configs_recursive', () => {
  it('walks outgoing relationships and the parent tree to max_depth, cycle-safe, with the parents of the item', async () => {
    const out = await related(`config_id=${g.a}&max_depth=10`);
    expect([...out.keys()].sort()).toEqual([g.a, g.b, g.c, g.d, g.e, g.f].sort());
    expect(out.get(g.a)).toMatchObject({ depth: 0, direction: 'self', related_ids: [g.b] });
    expect(out.get(g.b)).toMatchObject({ depth: 1, direction: 'outgoing', related_ids: [g.c, g.f].sort() });
    expect(out.get(g.e)).toMatchObject({ depth: 4, related_ids: [g.a] });
    const two = await related(`config_id=${g.a}&max_depth=2`);
    expect([...two.keys()].sort()).toEqual([g.a, g.b, g.c, g.f].sort());
    const parents = await related(`config_id=${g.d}&max_depth=10&outgoing_relation=hard`);
    expect([...parents.keys()].sort()).toEqual([g.a, g.b, g.c, g.d].sort());
    expect(parents.get(g.a)).toMatchObject({ depth: 3, direction: 'incoming' });
  });

  it('takes type_filter, relations, include_deleted_configs and filters on the result', async () => {
    const incoming = await related(`config_id=${g.d}&type_filter=incoming&max_depth=10&incoming_relation=hard`);
    expect([...incoming.keys()].sort()).toEqual([g.a, g.b, g.c, g.d].sort());
    const incomingSoft = await related(`config_id=${g.d}&type_filter=incoming&max_depth=10`);
    expect(incomingSoft.has(g.e)).toBe(true);
    const all = await related(`config_id=${g.c}&type_filter=all&max_depth=1`);
    expect([...all.keys()].sort()).toEqual([g.b, g.c, g.d].sort());
    const soft = await related(`config_id=${g.a}&max_depth=10&outgoing_relation=soft`);
    expect([...soft.keys()]).toEqual([g.a]);
    const deleted = await related(`config_id=${g.d}&max_depth=10&outgoing_relation=hard&include_deleted_configs=true`);
    expect(deleted.has(g.g) && deleted.has(g.h)).toBe(true);
    const pods = await rows(
      `rpc/related_configs_recursive?config_id=${g.a}&max_depth=10&type=eq.Kubernetes::Pod&select=name&order=name`,
    );
    expect(pods).toEqual([{ name: 'web-5d9-x1' }, { name: 'web-5d9-x2' }]);
    const healthy = await rows(
      `rpc/related_configs_recursive?config_id=${g.a}&max_depth=10&health=eq.unhealthy&select=id`,
    );
    expect(healthy).toEqual([{ id: g.d }]);
  });

  it('answers bad parameters with a 400 and an unknown item with no rows', async () => {
    for (const query of [
      `config_id=${g.a}&max_depth=11`,
      `config_id=${g.a}&max_depth=-1`,
      `config_id=${g.a}&type_filter=sideways`,
      `config_id=${g.a}&incoming_relation=weak`,
      'config_id=not-a-uuid',
      `config_id=${g.a}&max_depth=deep`,
    ]) {
      const res = await get(`rpc/related_configs_recursive?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
    }
    expect(await rows('rpc/related_configs_recursive?config_id=00000000-0000-0000-0000-00000000dead')).toEqual([]);
    expect((await get('rpc/related_configs_recursive?max_depth=2')).status).toBe(404);
  });
});

describe('tags and labels filters (cs.)', () => {
  const names = async (path: string) => (await rows(path)).map((r) => r.name).sort();

  it('filter items by JSONB containment on tags and labels, on the table and the list view', async () => {
    expect(await names('config_items?tags=cs.{"cluster":"dev"}&select=name')).toEqual(['web-config']);
    expect(await names('configs?tags=cs.{"namespace":"shop","cluster":"dev"}&select=name')).toEqual(['web-config']);
    expect(await names('configs?tags=cs.{"namespace":"shop","cluster":"nope"}&select=name')).toEqual([]);
    expect(await names('config_items?labels=cs.{"app":"web"}&select=name')).toEqual(['web']);
    expect(await names('configs?type=eq.Kubernetes::Pod&labels=not.cs.{"app":"web-5d9-x1"}&select=name')).toEqual([
      'web-5d9-x2',
    ]);
    // the deleted secret is left out unless asked for, as with every other filter
    expect(await names('config_items?tags=cs.{"cluster":"prod"}&type=eq.Kubernetes::Secret&select=name')).toEqual([
      'web-secret-key',
    ]);
    // and inside an embed: insights of items tagged cluster=dev (none) and cluster=prod
    const insights = (cluster: string) =>
      rows(
        `config_analysis?select=analyzer,config:config_items!inner(name)&config.tags=cs.{"cluster":"${cluster}"}&order=analyzer,config_id`,
      );
    expect(await insights('dev')).toEqual([]);
    expect((await insights('prod')).map((r) => `${r.analyzer}@${(r.config as { name: string }).name}`)).toEqual([
      'missing-limits@web-5d9-x1',
      'missing-limits@web-5d9-x2',
      'pod-restarts@web-5d9-x1',
      'public-bucket@web',
    ]);
  });

  it('answer malformed JSON or a value that is not an object with a 400, never a 500', async () => {
    for (const value of ['{"env":', '{env:prod}', 'prod', '{', '{"a":"b"}}', '%7B%22a%22%3A%5B%5D', '']) {
      for (const who of [viewer, null]) {
        const res = await get(`config_items?tags=cs.${value}&select=id`, who);
        expect([value, res.status]).toEqual([value, who ? 400 : 401]);
      }
    }
    const nested = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const deep = await get(`config_items?tags=cs.${nested}&select=id`);
    expect(deep.status).toBeGreaterThanOrEqual(400);
    expect(deep.status).toBeLessThan(500);
  });
});

describe('hard and soft relationships', () => {
  it('counts what a scraper recorded as hard and a manual link as soft, in the table and the walk', async () => {
    const { rows: made } = await t.database.pool.query(
      `INSERT INTO config_scrapers (name, spec, source) VALUES ('hard-soft', '{}', 'UI') RETURNING id`,
    );
    const scraper: string = made[0].id;
    await t.database.pool.query(
      `INSERT INTO config_relationships (config_id, related_id, relation, scraper_id) VALUES ($1, $2, 'PodSecret', $3)`,
      [g.f, g.h, scraper],
    );
    const link = await apiCall(t.app, 'POST', `/api/catalog/${g.f}/relationships`, editor.token, { related_id: g.e });
    expect(link.status).toBe(201);
    const stored = await rows(
      `config_relationships?config_id=eq.${g.f}&select=related_id,relation,hard&order=relation`,
    );
    expect(stored).toEqual([
      { related_id: g.h, relation: 'PodSecret', hard: true },
      { related_id: g.e, relation: 'soft', hard: false },
    ]);
    const hard = await related(`config_id=${g.f}&max_depth=1&outgoing_relation=hard`);
    expect([...hard.keys()].filter((id) => hard.get(id)?.direction === 'outgoing')).toEqual([g.h]);
    const soft = await related(`config_id=${g.f}&max_depth=1&outgoing_relation=soft`);
    expect([...soft.keys()].filter((id) => soft.get(id)?.direction === 'outgoing')).toEqual([g.e]);
    const back = await related(`config_id=${g.h}&type_filter=incoming&max_depth=1&incoming_relation=hard`);
    expect(back.has(g.f)).toBe(true);
    await apiCall(t.app, 'DELETE', `/api/catalog/${g.f}/relationships/${g.e}`, editor.token);
    await t.database.pool.query('DELETE FROM config_relationships WHERE scraper_id = $1', [scraper]);
  });
});

describe('components', () => {
  it('links an item to a component through /api/db, and reads the component insights', async () => {
    const { rows: made } = await t.database.pool.query(
      "INSERT INTO components (name, external_id, status) VALUES ('web', 'web', 'healthy') RETURNING id",
    );
    const component: string = made[0].id;
    const link = await apiCall(t.app, 'POST', '/api/db/config_component_relationships', editor.token, {
      component_id: component,
      config_id: g.d,
    });
    expect(link.status).toBe(201);
    const insights = await rows(`rpc/lookup_analysis_by_component?id=${component}&select=analyzer&order=analyzer`);
    expect(insights).toEqual([{ analyzer: 'missing-limits' }, { analyzer: 'pod-restarts' }]);
    expect((await get('rpc/lookup_analysis_by_component?id=nope')).status).toBe(400);
    const viewerLink = await apiCall(t.app, 'POST', '/api/db/config_component_relationships', viewer.token, {
      component_id: component,
      config_id: g.f,
    });
    expect(viewerLink.status).toBe(403);
    const unlink = await apiCall(
      t.app,
      'DELETE',
      `/api/db/config_component_relationships?component_id=eq.${component}&config_id=eq.${g.d}`,
      editor.token,
    );
    expect(unlink.status).toBe(204);
    expect(await rows(`rpc/lookup_analysis_by_component?id=${component}`)).toEqual([]);
  });
});

describe('who reads the catalog through /api/db', () => {
  it('anonymous callers get 401 on views and functions', async () => {
    for (const path of ['config_types', 'config_detail', 'configs', `rpc/related_configs_recursive?config_id=${g.a}`])
      expect((await get(path, null)).status).toBe(401);
  });

  it('a person allowed one item reads only that item, and no option lists or graph walks', async () => {
    expect((await rows('configs?select=id', scoped)).map((r) => r.id)).toEqual([g.d]);
    expect((await rows('config_detail?select=id', scoped)).map((r) => r.id)).toEqual([g.d]);
    expect((await rows('config_analysis_items?select=config_id', scoped)).every((r) => r.config_id === g.d)).toBe(true);
    expect(await rows('config_types', scoped)).toEqual([]);
    expect((await get(`rpc/related_configs_recursive?config_id=${g.d}`, scoped)).status).toBe(403);
    // an embed reaches only what the person may read
    const embed = await get(`config_items?select=id,parent:parent_id(id,name)`, scoped);
    expect(embed.status).toBe(200);
    expect(await embed.json()).toEqual([{ id: g.d, parent: null }]);
  });

  it('an embed of a table the person may not read is refused', async () => {
    const denied = await grantedUser(
      ['viewer'],
      "INSERT INTO permissions (action, object, person_id, deny) VALUES ('read', 'agent', $1, true)",
    );
    expect((await get('config_detail?select=id', denied)).status).toBe(200);
    expect((await get('config_detail?select=id,agents(name)', denied)).status).toBe(403);
  });
});
