import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ID, raw, seedConformance, sqlJson } from './conformance-fixtures.js';
import { EXPOSED_TABLES } from './exposed-resources.js';
import { createRestTestApp, type RestTestApp } from './testing/rest-test-app.js';

/**
 * Embedding as PostgREST 12 resolves it (docs.postgrest.org, "Resource Embedding"): relationships of
 * views taken from their base tables' foreign keys, disambiguation by constraint and by column, self
 * relationships, nested embeds with aliases and casts, and PGRST200/201 worded as PostgREST words them.
 */
let t: RestTestApp;
const sql = (text: string, params: unknown[] = []) => sqlJson(t.database, text, params);
const get = async (path: string) => {
  const res = await raw(t, path);
  return { status: res.status, body: (await res.json()) as unknown };
};

const E = {
  incident: '00000000-0000-0000-0000-00000000f001',
  hypothesis: '00000000-0000-0000-0000-0000000f0002',
  evidence: '00000000-0000-0000-0000-0000000f0003',
  history: '00000000-0000-0000-0000-0000000f0004',
  component: '00000000-0000-0000-0000-0000000f0005',
  topology: '00000000-0000-0000-0000-0000000f0006',
  team: '00000000-0000-0000-0000-0000000f0007',
  notification: '00000000-0000-0000-0000-0000000f0008',
  analysis: '00000000-0000-0000-0000-0000000f0009',
  change: '00000000-0000-0000-0000-0000000f000a',
} as const;

beforeAll(async () => {
  t = await createRestTestApp();
  await seedConformance(t.database, { statuses: 10 });
  await t.database.pool.query(`
    INSERT INTO teams (id, name, created_by) VALUES ('${E.team}', 'payments', '${ID.alice}');
    INSERT INTO topologies (id, name) VALUES ('${E.topology}', 'estate');
    INSERT INTO components (id, topology_id, external_id, name, icon, owner, config_id) VALUES
      ('${E.component}', '${E.topology}', 'api', 'api', 'k8s', 'payments', '${ID.grandchild}');
    INSERT INTO notifications (id, name, events, person_id) VALUES ('${E.notification}', 'pager', '{check.failed}', '${ID.bob}');
    INSERT INTO config_analysis (id, config_id, analyzer, analysis_type) VALUES
      ('${E.analysis}', '${ID.child}', 'quota', 'cost');
    INSERT INTO config_changes (id, config_id, change_type, summary) VALUES
      ('${E.change}', '${ID.grandchild}', 'diff', 'image bumped');
    INSERT INTO hypotheses (id, incident_id, type, title, created_by) VALUES
      ('${E.hypothesis}', '${E.incident}', 'root', 'bad deploy', '${ID.alice}');
    INSERT INTO evidences (id, hypothesis_id, description, type, component_id, config_id, created_by) VALUES
      ('${E.evidence}', '${E.hypothesis}', 'pods restarting', 'config', '${E.component}', '${ID.grandchild}', '${ID.alice}');
    INSERT INTO incident_histories (id, incident_id, type, evidence_id, hypothesis_id, created_by) VALUES
      ('${E.history}', '${E.incident}', 'evidence.created', '${E.evidence}', '${E.hypothesis}', '${ID.alice}');
  `);
});
afterAll(async () => {
  await t?.close();
});

describe('views take the relationships of their base tables', () => {
  test('view to view, many-to-one (config_analysis_items → configs)', async () => {
    const res = await get(`config_analysis_items?select=id,config:configs(id,name)&id=eq.${E.analysis}`);
    expect(res).toEqual({ status: 200, body: [{ id: E.analysis, config: { id: ID.child, name: 'payments' } }] });
  });

  test('view to view through !inner (config_changes_items → config_names)', async () => {
    const res = await get('config_changes_items?select=id,config:config_names!inner(id,name,type)');
    expect(res.body).toEqual([
      { id: E.change, config: { id: ID.grandchild, name: 'api', type: 'Kubernetes::Deployment' } },
    ]);
  });

  test('table to view and view to view, one-to-many (config_items → config_analysis_items, configs → configs)', async () => {
    const res = await get(`config_items?select=name,config_analysis_items(analyzer)&id=eq.${ID.child}`);
    expect(res.body).toEqual([{ name: 'payments', config_analysis_items: [{ analyzer: 'quota' }] }]);
    // a self relationship of a view: the view's name picks one-to-many
    const tree = await get(`configs?select=name,children:configs(name)&id=eq.${ID.child}`);
    expect(tree.body).toEqual([{ name: 'payments', children: [{ name: 'api' }] }]);
    // the column reaches both the base table and the view itself (a self relationship), as in PostgREST
    const up = await get(`configs?select=name,up:parent_id(name)&id=eq.${ID.child}`);
    expect(up.status).toBe(300);
    expect((up.body as { details: { embedding: string }[] }).details.map((d) => d.embedding)).toEqual([
      'configs with config_items',
      'configs with configs',
    ]);
    // on the table, the column names its own self key only
    const table = await get(`config_items?select=name,up:parent_id(name)&id=eq.${ID.child}`);
    expect(table.body).toEqual([{ name: 'payments', up: { name: 'prod-cluster' } }]);
  });

  test('a column naming the key (notifications_summary?select=person:person_id(...))', async () => {
    const res = await get(`notifications_summary?select=name,person:person_id(id,name)&id=eq.${E.notification}`);
    expect(res.body).toEqual([{ name: 'pager', person: { id: ID.bob, name: 'Bob' } }]);
  });

  test('team_components takes its keys from its link table, as upstream names them (migration 0196)', async () => {
    expect(EXPOSED_TABLES.team_components?.viewKeys).toBeUndefined();
    const team = await get('team_components?select=component_id,team:teams(id,name)');
    expect(team.body).toEqual([{ component_id: E.component, team: { id: E.team, name: 'payments' } }]);
    const byName = await get('team_components?select=team:teams!team_components_team_id_fkey(name),components(name)');
    expect(byName.body).toEqual([{ team: { name: 'payments' }, components: { name: 'api' } }]);
    // the other way, one-to-many; the link table is not a junction (unique key, no primary key), so
    // teams and components stay unrelated, as on upstream's schema
    const owned = await get(`teams?select=name,team_components(component_id)&id=eq.${E.team}`);
    expect(owned.body).toEqual([{ name: 'payments', team_components: [{ component_id: E.component }] }]);
    expect((await get('teams?select=name,components(name)')).status).toBe(400);
    // the links follow the owner: renaming the team or the component's owner moves them
    await t.database.pool.query(`UPDATE components SET owner = 'nobody' WHERE id = '${E.component}'`);
    expect((await get('team_components?select=component_id')).body).toEqual([]);
    await t.database.pool.query(`UPDATE teams SET name = 'nobody' WHERE id = '${E.team}'`);
    expect((await get('team_components?select=team_id')).body).toEqual([{ team_id: E.team }]);
    await t.database.pool.query(`UPDATE teams SET name = 'payments' WHERE id = '${E.team}'`);
    await t.database.pool.query(`UPDATE components SET owner = 'payments' WHERE id = '${E.component}'`);
  });

  test('keys declared for views the schema cannot read them from (changes_by_component, check_statuses)', async () => {
    const changes = await get(`changes_by_component?select=id,configs(id,name)&component_id=eq.${E.component}`);
    expect(changes.body).toEqual([{ id: E.change, configs: { id: ID.grandchild, name: 'api' } }]);
  });

  test('every declared view key holds in the data: each value names a row of the referenced table', async () => {
    for (const [view, exposed] of Object.entries(EXPOSED_TABLES)) {
      for (const key of exposed.viewKeys?.foreignKeys ?? []) {
        const on = key.columns.map((c, i) => `r.${key.refColumns[i]} = v.${c}`).join(' AND ');
        const notNull = key.columns.map((c) => `v.${c} IS NOT NULL`).join(' AND ');
        const [{ n }] = (await sql(
          `SELECT count(*)::int AS n FROM ${view} v WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${key.refTable} r WHERE ${on})`,
        )) as [{ n: number }];
        expect(n, `${view}(${key.columns.join(', ')}) → ${key.refTable}`).toBe(0);
      }
    }
  });
});

describe('disambiguation (PGRST201) as PostgREST answers it', () => {
  test('several foreign keys to one table: 300 with each relationship and the hints to use', async () => {
    const res = await get('incidents?select=title,people(name)');
    expect(res).toEqual({
      status: 300,
      body: {
        code: 'PGRST201',
        message: "Could not embed because more than one relationship was found for 'incidents' and 'people'",
        details: ['commander_id', 'communicator_id', 'created_by'].map((column) => ({
          cardinality: 'many-to-one',
          embedding: 'incidents with people',
          relationship: `incidents_${column}_fkey using incidents(${column}) and people(id)`,
        })),
        hint: "Try changing 'people' to one of the following: 'people!incidents_commander_id_fkey', 'people!incidents_communicator_id_fkey', 'people!incidents_created_by_fkey'. Find the desired relationship in the 'details' key.",
      },
    });
  });

  test('a view and its base table sharing a self key: one-to-many before many-to-one', async () => {
    const res = await get('configs?select=name,config_items(name)');
    expect(res.status).toBe(300);
    expect((res.body as { details: unknown }).details).toEqual([
      {
        cardinality: 'one-to-many',
        embedding: 'configs with config_items',
        relationship: 'config_items_parent_id_fkey using configs(id) and config_items(parent_id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'configs with config_items',
        relationship: 'config_items_parent_id_fkey using configs(parent_id) and config_items(id)',
      },
    ]);
  });

  test('by constraint name, by column on either side, by constraint or column as the target', async () => {
    const expected = await sql(`SELECT i.title, json_build_object('name', p.name) AS c FROM incidents i
      JOIN people p ON p.id = i.commander_id`);
    for (const embed of [
      'c:people!incidents_commander_id_fkey(name)',
      'c:people!commander_id(name)',
      'c:commander_id(name)',
      'c:incidents_commander_id_fkey(name)',
    ]) {
      expect((await get(`incidents?select=title,${embed}`)).body, embed).toEqual(expected);
    }
    // a hint naming the parent's referenced column picks the one-to-many side
    const byRefColumn = await get(`people?select=name,incidents!id(title)&id=eq.${ID.bob}`);
    expect(byRefColumn.status).toBe(300);
    const commanded = await get(`people?select=name,incidents!commander_id(title)&id=eq.${ID.bob}`);
    expect(commanded.body).toEqual([{ name: 'Bob', incidents: [{ title: 'Checkout down' }] }]);
    const checks = await get('checks?select=name,canaries!checks_canary_id_fkey(name)&name=eq.homepage');
    expect(checks.body).toEqual([{ name: 'homepage', canaries: { name: 'web' } }]);
  });

  test('a constraint hint reaches a view (config_relationships → configs)', async () => {
    await t.database.pool.query(
      `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ('${ID.root}', '${ID.child}', 'contains')`,
    );
    const res = await get(
      'config_relationships?select=configs:configs!config_relationships_config_id_fkey(name),related:configs!config_relationships_related_id_fkey(name)',
    );
    expect(res.body).toEqual([{ configs: { name: 'prod-cluster' }, related: { name: 'payments' } }]);
    const ambiguous = await get('config_relationships?select=configs(name)');
    expect(ambiguous.status).toBe(300);
  });

  test('a column target never reaches a view: config_analysis?select=config_id(...) is the table', async () => {
    const res = await get(`config_analysis?select=c:config_id(name)&id=eq.${E.analysis}`);
    expect(res.body).toEqual([{ c: { name: 'payments' } }]);
  });
});

describe('no relationship (PGRST200) as PostgREST answers it', () => {
  test('with the hint named in the details, and a close name suggested', async () => {
    expect(await get('checks?select=name,canaries!nope(name)')).toEqual({
      status: 400,
      body: {
        code: 'PGRST200',
        message: "Could not find a relationship between 'checks' and 'canaries' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'checks' and 'canaries' using the hint 'nope' in the schema 'public', but no matches were found.",
        hint: null,
      },
    });
    const typo = await get('checks?select=name,canary(name)');
    expect(typo.body).toMatchObject({
      code: 'PGRST200',
      hint: "Perhaps you meant 'canaries' instead of 'canary'.",
    });
  });

  test('a view showing no key column has no relationship (config_types shows config_items.type only)', async () => {
    const res = await get('config_types?select=type,config_items(name)');
    expect(res.status).toBe(400);
    expect((res.body as { code: string }).code).toBe('PGRST200');
  });
});

describe('filters on resources the select does not embed (PGRST108)', () => {
  test('a filter, order or limit on a resource not embedded is refused, naming it', async () => {
    for (const query of ['canaries.name=eq.web', 'canaries.order=name', 'canaries.limit=1']) {
      const res = await get(`checks?select=name&${query}`);
      const resource = 'canaries';
      expect(res, query).toEqual({
        status: 400,
        body: {
          code: 'PGRST108',
          message: `'${resource}' is not an embedded resource in this request`,
          details: null,
          hint: `Verify that '${resource}' is included in the 'select' query parameter.`,
        },
      });
    }
    const nested = await get('canaries?select=name,checks(name)&checks.check_statuses.limit=1');
    expect((nested.body as { message: string }).message).toBe(
      "'check_statuses' is not an embedded resource in this request",
    );
    // by alias or by name, as PostgREST finds a node
    expect((await get('checks?select=name,c:canaries(name)&c.name=eq.web')).status).toBe(200);
    expect((await get('checks?select=name,c:canaries(name)&canaries.name=eq.web')).status).toBe(200);
  });
});

describe('nested embeds with aliases and casts', () => {
  test("three levels, the console's incident timeline", async () => {
    const res = await get(
      `incident_histories?select=id,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),hypothesis:hypotheses(title,incident:incidents(title,by:created_by(name)))),created_by(id,name)&id=eq.${E.history}`,
    );
    expect(res).toEqual({
      status: 200,
      body: [
        {
          id: E.history,
          evidence: {
            id: E.evidence,
            description: 'pods restarting',
            type: 'config',
            components: { id: E.component, name: 'api', icon: 'k8s' },
            configs: { id: ID.grandchild, name: 'api' },
            hypothesis: { title: 'bad deploy', incident: { title: 'Checkout down', by: { name: 'Alice' } } },
          },
          created_by: { id: ID.alice, name: 'Alice' },
        },
      ],
    });
  });

  test('casts inside embeds; after a top-level embed the rest is ignored, nested it is a parse error, as in PostgREST 12', async () => {
    const res = await get(
      `checks?select=id::text,canary:canaries(created:created_at::date,labels->>team::text)&id=eq.${ID.http}`,
    );
    expect(res.body).toEqual([{ id: ID.http, canary: { created: '2026-01-01', team: 'blue' } }]);
    // PostgREST's select parser does not require the end of input at the top level: it stops after the embed
    const cast = await get(`checks?select=id,canary:canaries(name)::jsonb,name&id=eq.${ID.http}`);
    expect(cast.status).toBe(200);
    expect(cast.body).toEqual([{ id: ID.http, canary: { name: expect.any(String) } }]);
    const nested = await get('canaries?select=id,checks(id,canaries(*)::jsonb)');
    expect(nested.status).toBe(400);
    expect((nested.body as { code: string }).code).toBe('PGRST100');
  });
});

describe('not supported, as docs/data-api.md lists', () => {
  test('many-to-many through a link table is no relationship; the direct key keeps answering', async () => {
    const m2m = await get('components?select=name,checks(name)');
    expect(m2m.status).toBe(400);
    expect((m2m.body as { code: string }).code).toBe('PGRST200');
    expect((await get('canaries?select=name,checks(name)')).status).toBe(200);
  });
});

describe('spread embeds (PostgREST 12: to-one only)', () => {
  test("a to-one embed's columns join the parent's, with aliases, hints and their own types", async () => {
    const res = await get('checks?select=name,...canaries(canary:name,namespace,created_at)&name=eq.homepage');
    expect(res).toEqual({
      status: 200,
      body: [{ name: 'homepage', canary: 'web', namespace: 'prod', created_at: '2026-01-01T00:00:00+00:00' }],
    });
    const hinted = await get('checks?select=name,...canaries!checks_canary_id_fkey(canary:name)&name=eq.homepage');
    expect(hinted.body).toEqual([{ name: 'homepage', canary: 'web' }]);
  });

  test('spreads nest and filter through !inner', async () => {
    const nested = await get(
      `evidences?select=id,...hypotheses(hypothesis:title,...incidents(incident:title))&id=eq.${E.evidence}`,
    );
    expect(nested.status).toBe(200);
    expect(Object.keys((nested.body as Record<string, unknown>[])[0] ?? {})).toEqual(['id', 'hypothesis', 'incident']);
    expect((nested.body as Record<string, unknown>[])[0]?.hypothesis).toBe('bad deploy');
    const inner = await get('checks?select=name,...canaries!inner(canary:name)&canaries.name=eq.db&order=name');
    expect((inner.body as { canary: string }[]).every((r) => r.canary === 'db')).toBe(true);
  });

  test('a spread of a to-many embed is PGRST119, worded as PostgREST 12 words it', async () => {
    expect(await get('canaries?select=name,...checks(name)')).toEqual({
      status: 400,
      body: {
        code: 'PGRST119',
        message: "A spread operation on 'checks' is not possible",
        details: "'canaries' and 'checks' do not form a many-to-one or one-to-one relationship",
        hint: null,
      },
    });
  });
});
