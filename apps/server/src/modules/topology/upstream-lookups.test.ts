/**
 * canary-checker's Topology fixtures' shapes, with our own data against a local HTTP stand-in: lookups
 * whose `display` (expr, template, javascript) makes the components and properties out of any answer,
 * property lookups merged as components, as properties and as a plain value, `parentLookup` by
 * externalID and by name/type/namespace, and `statusExpr`/`healthExpr` applied when the tree is read.
 * Runs on PGlite and PostgreSQL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { topologyBuilder } from './topology-builder.service.js';

interface Node {
  id: string;
  name: string;
  type: string | null;
  status: string;
  status_reason: string | null;
  properties: { name: string; text?: string; value?: number; min?: number; max?: number; color?: string }[] | null;
  components?: Node[];
}

const child = (list: Node[] | undefined, name: string): Node => {
  const found = list?.find((c) => c.name === name);
  if (!found) throw new Error(`no component ${name} in ${list?.map((c) => c.name).join(', ')}`);
  return found;
};
const props = (node: Node) => Object.fromEntries((node.properties ?? []).map(({ name, ...rest }) => [name, rest]));

describe('topology lookups as upstream fixtures write them', () => {
  let t: TestApp;
  let admin: string;
  let http: Server;
  let base = '';

  const save = async (name: string, spec: unknown) => {
    const response = await apiCall(
      t.app,
      'POST',
      '/api/db/topologies',
      admin,
      { name, spec },
      {
        prefer: 'return=representation',
      },
    );
    const body = (await response.json()) as { id: string }[] | { message?: string };
    return { status: response.status, body, id: Array.isArray(body) ? (body[0]?.id ?? '') : '' };
  };
  const tree = async (id: string): Promise<Node> => {
    const response = await apiCall(t.app, 'GET', `/api/canary/api/topology?topologyId=${id}&depth=6`, admin);
    expect(response.status).toBe(200);
    const [root] = ((await response.json()) as { components: Node[] }).components;
    if (!root) throw new Error('no root component');
    return root;
  };
  const saveAndBuild = async (name: string, spec: unknown) => {
    const saved = await save(name, spec);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const result = await topologyBuilder({ database: t.database, config: loadConfig({}) }).build(saved.id);
    return { result, root: await tree(saved.id) };
  };
  /** An http lookup of the stand-in's `/ok` (an empty 200, as httpbin's /status/200) shaped by a display. */
  const shaped = (name: string, display: Record<string, string>) => ({ http: [{ url: `${base}/ok`, name, display }] });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    http = createServer((req, res) => {
      if (req.url === '/stock') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ shelves: [{ label: 'north', count: 4 }] }));
        return;
      }
      res.statusCode = req.url === '/ok' ? 200 : 404;
      res.end();
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
  });

  afterAll(async () => {
    http?.close();
    await t?.close();
  });

  it('a display makes components out of any answer; forEach property lookups merge into each of them', async () => {
    const rows = `[{'name': 'kiln', 'type': 'Oven', 'properties': [{'name': 'fuel', 'text': 'gas'}, {'name': 'heat'}]},
      {'name': 'press', 'type': 'Machine', 'properties': [{'name': 'fuel', 'text': 'none'}, {'name': 'heat'}]}].toJSON()`;
    const { result, root } = await saveAndBuild('display-for-each', {
      components: [
        {
          name: 'workshop',
          type: 'virtual',
          icon: 'factory',
          lookup: shaped('machines', { expr: rows }),
          forEach: {
            components: [{ name: 'belt' }],
            properties: [
              {
                name: 'heat',
                lookup: shaped('heat', {
                  expr: `[{'name': 'kiln', 'properties': [{'name': 'heat', 'text': 'high', 'color': 'red'}]},
                    {'name': 'press', 'properties': [{'name': 'heat', 'text': 'low'}]}].toJSON()`,
                }),
              },
              { name: 'site', lookup: shaped('site', { expr: `[{'name': 'city', 'text': 'Porto'}].toJSON()` }) },
              {
                name: 'load',
                label: 'Load of $(.component.name)',
                tooltip: 'share of capacity',
                order: 2,
                headline: true,
                min: 0,
                max: 10,
                value: 3,
                color: 'amber',
              },
            ],
          },
        },
      ],
    });
    expect(result.errors).toEqual([]);
    // The virtual 'workshop' is replaced by the machines its lookup found, as upstream.
    const workshop = root;
    expect(workshop.components?.map((c) => [c.name, c.type])).toEqual([
      ['kiln', 'Oven'],
      ['press', 'Machine'],
    ]);
    const kiln = child(workshop.components, 'kiln');
    expect(kiln.components?.map((c) => c.name)).toEqual(['belt']);
    expect(props(kiln).load).toEqual({
      label: 'Load of kiln',
      tooltip: 'share of capacity',
      order: 2,
      headline: true,
      min: 0,
      max: 10,
      value: 3,
      color: 'amber',
    });
    expect(props(kiln)).toMatchObject({
      fuel: { text: 'gas' },
      heat: { text: 'high', color: 'red' },
      city: { text: 'Porto' },
    });
    expect(props(child(workshop.components, 'press'))).toMatchObject({
      heat: { text: 'low' },
      city: { text: 'Porto' },
    });
  });

  it('property lookups with displays: as components, as properties, as a plain value; template and javascript too', async () => {
    const { result, root } = await saveAndBuild('display-properties', {
      components: [
        {
          name: 'pantry',
          lookup: shaped('jars', {
            expr: `[{'name': 'jam', 'properties': [{'name': 'fill', 'min': 0, 'max': 100}]},
              {'name': 'honey', 'properties': [{'name': 'fill', 'min': 0, 'max': 100}]}].toJSON()`,
          }),
          properties: [
            {
              name: 'fill',
              lookup: shaped('fill', {
                template: `[{"name": "jam", "properties": [{"name": "fill", "value": {{ add 30 5 }}}]},
                  {"name": "honey", "properties": [{"name": "fill", "value": 80}]}]`,
              }),
            },
            {
              name: 'shelf',
              lookup: {
                http: [
                  {
                    url: `${base}/stock`,
                    display: { javascript: 'JSON.stringify([{name: "shelf", text: json.shelves[0].label}])' },
                  },
                ],
              },
            },
            { name: 'status', lookup: shaped('status', { expr: 'code == 200 ? "open" : "shut"' }) },
          ],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    const pantry = root; // replaced by its jars
    expect(props(child(pantry.components, 'jam'))).toMatchObject({
      fill: { value: 35, min: 0, max: 100 },
      shelf: { text: 'north' },
      status: { text: 'open' },
    });
    expect(props(child(pantry.components, 'honey'))).toMatchObject({ fill: { value: 80 }, status: { text: 'open' } });
  });

  it('several property lookups of one property merge into the component’s own property', async () => {
    const { result, root } = await saveAndBuild('display-property-list', {
      components: [
        {
          name: 'boiler',
          properties: [
            { name: 'pressure', min: 1, color: 'blue' },
            {
              name: 'pressure-lookup',
              lookup: {
                http: [
                  { url: `${base}/ok`, name: 'max', display: { expr: `[{'name': 'pressure', 'max': 9}].toJSON()` } },
                  { url: `${base}/ok`, name: 'value', display: { expr: `{'name': 'pressure', 'value': 4}.toJSON()` } },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(props(child(root.components, 'boiler'))).toEqual({ pressure: { min: 1, max: 9, value: 4, color: 'blue' } });
  });

  it('a failing display is reported and keeps the build going; a display that does not parse is refused at save', async () => {
    const { result } = await saveAndBuild('display-failing', {
      components: [{ name: 'cellar', lookup: shaped('broken', { javascript: 'throw new Error("no cellar")' }) }],
    });
    expect(result.errors.join('\n')).toMatch(/cellar: http lookup broken: display\.javascript: .*no cellar/);
    const refused = await save('display-bad', {
      components: [{ name: 'attic', lookup: shaped('bad', { expr: "[{'name': " }) }],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/components\.0\.lookup\.http\.0\.display\.expr: invalid expression/);
    const badTemplate = await save('display-bad-template', {
      components: [{ name: 'attic', lookup: shaped('bad', { template: '{{ nosuchfunction 1 }}' }) }],
    });
    expect(badTemplate.status).toBe(400);
    expect(JSON.stringify(badTemplate.body)).toMatch(/display\.template: .*nosuchfunction/);
  });

  it('parentLookup finds a parent by externalID, or by name, type and namespace', async () => {
    const { result, root } = await saveAndBuild('parent-lookup', {
      components: [
        {
          name: 'hall',
          type: 'Room',
          components: [
            { name: 'lamp', parentLookup: { name: 'porch', type: 'Room' } },
            { name: 'rug', parentLookup: { name: 'shed', type: 'Hut', namespace: 'garden' } },
            { name: 'chair' },
          ],
        },
        { name: 'porch', type: 'Room', components: [{ name: 'mat', parentLookup: { externalID: 'shed-1' } }] },
        { name: 'shed', type: 'Hut', namespace: 'garden', externalID: 'shed-1' },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(child(root.components, 'hall').components?.map((c) => c.name)).toEqual(['chair']);
    expect(child(root.components, 'porch').components?.map((c) => c.name)).toEqual(['lamp']);
    expect(
      child(root.components, 'shed')
        .components?.map((c) => c.name)
        .sort(),
    ).toEqual(['mat', 'rug']);
    const refused = await save('parent-lookup-empty', { components: [{ name: 'x', parentLookup: { type: 'Room' } }] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/parentLookup: a parentLookup needs a name or an externalID/);
  });

  it('statusExpr and healthExpr decide a component’s status from its summary when the tree is read', async () => {
    const { root } = await saveAndBuild('status-expr', {
      statusExpr: 'summary.healthy > 0 && summary.unhealthy == 0 ? "healthy" : "unhealthy"',
      components: [
        { name: 'good', status: 'healthy' },
        {
          name: 'mixed',
          healthExpr: 'self.name == "mixed" && summary.unhealthy > 0 ? "warning" : "healthy"',
          components: [
            { name: 'up', status: 'healthy' },
            { name: 'down', status: 'unhealthy' },
          ],
        },
        { name: 'odd', statusExpr: '"good"', components: [{ name: 'leaf', status: 'healthy' }] },
      ],
    });
    expect(child(root.components, 'mixed')).toMatchObject({
      status: 'warning',
      status_reason: 'healthExpr answered warning',
    });
    expect(child(root.components, 'odd')).toMatchObject({
      status: 'unknown',
      status_reason: "statusExpr answered 'good'",
    });
    // The root's summary counts its children as stored (mixed is unhealthy there): the expression says unhealthy.
    expect(root).toMatchObject({ status: 'unhealthy', status_reason: 'statusExpr answered unhealthy' });
    const refused = await save('status-expr-bad', { statusExpr: 'summary.healthy >' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/spec\.statusExpr: invalid expression/);
  });
});
