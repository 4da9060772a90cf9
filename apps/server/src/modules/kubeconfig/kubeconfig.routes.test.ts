import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let session: string;
let token: string;
let server: string;

const GROUP = '/api/k8s/apis/canaries.flanksource.com/v1';
/** What kubectl 1.30 sends with `kubectl get canaries`. */
const KUBECTL_TABLE_ACCEPT =
  'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

/** A request shaped like kubectl's: bearer token, its Accept header and user agent. */
const kubectl = (path: string, accept = 'application/json', bearer = token) =>
  t.app.request(path, {
    headers: { authorization: `Bearer ${bearer}`, accept, 'user-agent': 'kubectl/v1.30.0 (linux/amd64)' },
  });
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ env: { MC_PUBLIC_URL: 'https://mc.example.com' } });
  session = (await signedInUser(t, { roles: ['viewer'] })).token;
  const q = (text: string) => t.database.pool.query(text);
  await q(`INSERT INTO canaries (name, namespace, labels, spec) VALUES
    ('api', 'prod', '{"team":"web"}', '{"http":[{"name":"api","url":"https://api"}]}'),
    ('db', 'prod', '{"team":"data"}', '{}'),
    ('web', 'staging', '{"team":"web"}', '{}')`);
  await q(`INSERT INTO checks (canary_id, type, name, status)
    SELECT id, 'http', 'api', 'healthy' FROM canaries WHERE name = 'api'`);
  await q(`INSERT INTO checks (canary_id, type, name, status)
    SELECT id, 'http', 'db', 'unhealthy' FROM canaries WHERE name = 'db'`);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/kubeconfig', () => {
  it('refuses strangers', async () => {
    expect((await apiCall(t.app, 'GET', '/api/kubeconfig', null)).status).toBe(401);
  });

  it('downloads a kubeconfig whose server is the canaries API and whose token is a new personal token', async () => {
    const response = await apiCall(t.app, 'GET', '/api/kubeconfig', session);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="mission-control.kubeconfig"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = parse(await response.text());
    expect(config.kind).toBe('Config');
    expect(config['current-context']).toBe('mission-control');
    server = config.clusters[0].cluster.server;
    expect(server).toBe('https://mc.example.com/api/k8s');
    token = config.users[0].user.token;
    expect(token).toMatch(/^mcat_/);
    const listed = (await (await apiCall(t.app, 'GET', '/api/auth/tokens', session)).json()) as Array<{ name: string }>;
    expect(listed.some((entry) => entry.name.startsWith('kubeconfig '))).toBe(true);
  });

  it('will not let an API token mint another one', async () => {
    const response = await apiCall(t.app, 'GET', '/api/kubeconfig', token);
    expect(response.status).toBe(403);
  });
});

describe('the Kubernetes-compatible canaries API', () => {
  it('serves discovery the way kubectl walks it', async () => {
    expect(await json(await kubectl('/api/k8s/api'))).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    expect(await json(await kubectl('/api/k8s/api/v1'))).toMatchObject({ kind: 'APIResourceList', resources: [] });
    const groups = await json(await kubectl('/api/k8s/apis'));
    expect(groups).toMatchObject({ kind: 'APIGroupList', groups: [{ name: 'canaries.flanksource.com' }] });
    const resources = await json(await kubectl(GROUP));
    expect(resources).toMatchObject({
      groupVersion: 'canaries.flanksource.com/v1',
      resources: [{ name: 'canaries', kind: 'Canary', namespaced: true, verbs: ['get', 'list'] }],
    });
    expect((await kubectl('/api/k8s/version')).status).toBe(200);
  });

  it('lists canaries of every namespace as a table (kubectl get canaries -A), paged with continue', async () => {
    const first = await json(await kubectl(`${GROUP}/canaries?limit=2`, KUBECTL_TABLE_ACCEPT));
    expect(first.kind).toBe('Table');
    const names = (table: Record<string, unknown>) =>
      (table.rows as Array<{ cells: unknown[]; object: { metadata: { namespace: string } } }>).map(
        (row) => `${row.object.metadata.namespace}/${row.cells[0]}/${row.cells[1]}`,
      );
    expect(names(first)).toEqual(['prod/api/Passed', 'prod/db/Failed']);
    const next = (first.metadata as { continue: string }).continue;
    expect(next).toBeTruthy();
    const second = await json(
      await kubectl(`${GROUP}/canaries?limit=2&continue=${encodeURIComponent(next)}`, KUBECTL_TABLE_ACCEPT),
    );
    expect(names(second)).toEqual(['staging/web/Pending']);
    expect((second.metadata as { continue?: string }).continue).toBeUndefined();
  });

  it('lists a namespace as a CanaryList, filters by label, gets one, and -o yaml has the spec', async () => {
    const list = await json(await kubectl(`${GROUP}/namespaces/prod/canaries?labelSelector=team%3Dweb`));
    expect(list.kind).toBe('CanaryList');
    expect((list.items as Array<{ metadata: { name: string } }>).map((item) => item.metadata.name)).toEqual(['api']);
    const one = await json(await kubectl(`${GROUP}/namespaces/prod/canaries/api`));
    expect(one).toMatchObject({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'api', namespace: 'prod', labels: { team: 'web' } },
      spec: { http: [{ name: 'api' }] },
      status: { status: 'Passed', checks: { total: 1, healthy: 1 } },
    });
    const byField = await json(await kubectl(`${GROUP}/canaries?fieldSelector=metadata.name%3Dweb`));
    expect((byField.items as unknown[]).length).toBe(1);
  });

  it('answers what it does not serve with Kubernetes Status bodies', async () => {
    const missing = await kubectl(`${GROUP}/namespaces/prod/canaries/nope`);
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ kind: 'Status', reason: 'NotFound', code: 404 });
    const badNamespace = await kubectl(`${GROUP}/namespaces/Not_A_Namespace/canaries`);
    expect(badNamespace.status).toBe(400);
    expect(await json(badNamespace)).toMatchObject({ kind: 'Status', reason: 'BadRequest' });
    expect((await kubectl(`${GROUP}/canaries?labelSelector=team+in+(web)`)).status).toBe(400);
    expect((await kubectl(`${GROUP}/canaries?fieldSelector=spec.x%3D1`)).status).toBe(400);
    expect((await kubectl(`${GROUP}/canaries?limit=-1`)).status).toBe(400);
    expect((await kubectl(`${GROUP}/canaries?continue=garbage`)).status).toBe(400);
    const watch = await kubectl(`${GROUP}/canaries?watch=1`);
    expect(watch.status).toBe(405);
    const remove = await t.app.request(`${GROUP}/namespaces/prod/canaries/api`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(remove.status).toBe(404);
  });

  it('refuses strangers, bad tokens and people who may not read canaries', async () => {
    expect((await t.app.request(`${GROUP}/canaries`)).status).toBe(401);
    expect((await kubectl(`${GROUP}/canaries`, 'application/json', 'mcat_not-a-token')).status).toBe(401);
    const nobody = await signedInUser(t, { roles: [] });
    expect((await kubectl(`${GROUP}/canaries`, 'application/json', nobody.token)).status).toBe(403);
  });
});
