import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogTestApp, createCatalogTestApp, scrapeConfig } from '../testing/catalog-test-app.js';
import { type RecordedKubeApi, startRecordedKubeApi } from '../testing/recorded-kube-api.js';
import { storeConnection } from '../testing/stored-connection.js';

let t: CatalogTestApp;
let admin: string;
let api: RecordedKubeApi;

beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  api = await startRecordedKubeApi({ pageSize: 2 });
});
afterAll(async () => {
  await api.close();
  await t.close();
});

async function scraper(name: string, connection: string): Promise<string> {
  const response = await t.call(
    admin,
    'POST',
    '/api/catalog/scrapers',
    scrapeConfig(name, { kubernetes: [{ clusterName: 'recorded', connection }] }),
  );
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

describe('kubernetes scraper (against the recorded-API test double)', () => {
  it('lists the common kinds, pages through lists, and links owners, nodes and namespaces', async () => {
    const connection = await storeConnection(t, {
      name: 'recorded-cluster',
      type: 'kubernetes',
      certificate: api.kubeconfig(),
      properties: { method: 'kubeconfig' },
    });
    const id = await scraper('cluster', connection);
    const outcome = await t.scrape(id);
    expect(outcome.errors).toEqual([]);
    const items = await t.rows<{
      id: string;
      type: string;
      name: string;
      parent_id: string | null;
      path: string | null;
      health: string | null;
      tags: Record<string, string>;
    }>(
      'SELECT id, type, name, parent_id, path, health, tags FROM config_items WHERE scraper_id = $1 ORDER BY type, name',
      [id],
    );
    expect(items.map((item) => `${item.type}/${item.name}`)).toEqual([
      'Kubernetes::Cluster/recorded',
      'Kubernetes::ConfigMap/web-config',
      'Kubernetes::DaemonSet/kube-proxy',
      'Kubernetes::Deployment/web',
      'Kubernetes::Namespace/default',
      'Kubernetes::Namespace/kube-system',
      'Kubernetes::Node/node-1',
      'Kubernetes::Pod/db-0',
      'Kubernetes::Pod/web-7d9f8c6b5-abcde',
      'Kubernetes::Pod/web-7d9f8c6b5-fghij',
      'Kubernetes::ReplicaSet/web-7d9f8c6b5',
      'Kubernetes::Service/web',
      'Kubernetes::StatefulSet/db',
    ]);
    expect(api.requests.some((path) => path.startsWith('/api/v1/pods') && path.includes('continue=2'))).toBe(true);
    const by = (name: string) => items.find((item) => item.name === name);
    const cluster = by('recorded');
    const ns = by('default');
    const deployment = by('web');
    const rs = by('web-7d9f8c6b5');
    const pod = by('web-7d9f8c6b5-abcde');
    expect(ns?.parent_id).toBe(cluster?.id);
    expect(deployment?.parent_id).toBe(ns?.id);
    expect(rs?.parent_id).toBe(deployment?.id);
    expect(pod?.parent_id).toBe(rs?.id);
    expect(pod?.path).toBe([cluster?.id, ns?.id, deployment?.id, rs?.id].join('.'));
    expect(pod?.tags).toEqual({ cluster: 'recorded', namespace: 'default' });
    expect(by('web-7d9f8c6b5-fghij')?.health).toBe('warning');
    expect(deployment?.health).toBe('warning');
    const relations = await t.rows<{ relation: string; hard: boolean }>(
      'SELECT relation, hard FROM config_relationships WHERE scraper_id = $1 AND deleted_at IS NULL ORDER BY relation',
      [id],
    );
    // what the source declared (owner references, the pod's node) is hard: a hard-only walk follows it
    expect(relations.every((r) => r.hard)).toBe(true);
    const node = by('node-1');
    const onNode = await t.rows<{ id: string }>("SELECT id FROM config_related_ids($1, 'outgoing', 1, 'hard')", [
      node?.id,
    ]);
    expect(onNode.map((r) => r.id)).toContain(pod?.id);
    expect(await t.rows("SELECT id FROM config_related_ids($1, 'outgoing', 1, 'soft')", [node?.id])).toEqual([]);
    expect(relations.map((r) => r.relation)).toEqual([
      'DeploymentReplicaSet',
      'NodePod',
      'NodePod',
      'NodePod',
      'ReplicaSetPod',
      'ReplicaSetPod',
      'StatefulSetPod',
    ]);
    const [stored] = await t.rows<{ config: { metadata: Record<string, unknown> } }>(
      "SELECT config FROM config_items WHERE scraper_id = $1 AND name = 'node-1'",
      [id],
    );
    expect(stored?.config.metadata.managedFields).toBeUndefined();
    expect(JSON.stringify(stored?.config)).not.toContain('lastHeartbeatTime');
    const again = await t.scrape(id);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, changes: 0, unchanged: 13 });
  });

  it('reports refused credentials per kind and deletes nothing', async () => {
    const connection = await storeConnection(t, {
      name: 'recorded-bad-token',
      type: 'kubernetes',
      certificate: api.kubeconfig('wrong'),
      properties: { method: 'kubeconfig' },
    });
    const outcome = await t.scrape(await scraper('cluster-bad', connection));
    expect(outcome.errors).toContain('kubernetes[0]: Pod: /api/v1/pods answered HTTP 401');
    expect(outcome.counts.deleted).toBe(0);
  });

  it('refuses an entry without clusterName (400)', async () => {
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('k', { kubernetes: [{ connection: 'connection://kubernetes/x' }] }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('spec.kubernetes.0.clusterName');
  });
});

describe('kubernetesFile scraper (against the recorded-API test double)', () => {
  it('reads a file in each pod of a deployment through exec and records its change', async () => {
    const connection = await storeConnection(t, {
      name: 'recorded-files',
      type: 'kubernetes',
      certificate: api.kubeconfig(),
      properties: { method: 'kubeconfig' },
    });
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('pod-files', {
        kubernetesFile: [
          {
            connection,
            selector: { namespace: 'default', kind: 'Deployment', name: 'web' },
            files: [{ path: ['/etc/app/config.yaml', '/etc/app/missing.yaml'] }],
          },
        ],
      }),
    );
    expect(response.status).toBe(201);
    const id = (await response.json()).id;
    const outcome = await t.scrape(id);
    expect(outcome.counts.created).toBe(2);
    expect(outcome.errors).toHaveLength(2);
    expect(outcome.errors[0]).toContain('/etc/app/missing.yaml');
    expect(outcome.errors[0]).toContain('No such file or directory');
    const items = await t.rows<{ name: string; type: string; config: { log: { level: string } } }>(
      'SELECT name, type, config FROM config_items WHERE scraper_id = $1 ORDER BY name',
      [id],
    );
    expect(items.map((item) => [item.type, item.name, item.config.log.level])).toEqual([
      ['Kubernetes::File', 'web-7d9f8c6b5-abcde/config.yaml', 'info'],
      ['Kubernetes::File', 'web-7d9f8c6b5-fghij/config.yaml', 'debug'],
    ]);
    expect(
      api.requests.some((path) =>
        path.includes('/pods/web-7d9f8c6b5-abcde/exec?command=cat&command=%2Fetc%2Fapp%2Fconfig.yaml'),
      ),
    ).toBe(true);
  });
});

describe('config-db entry fields (kubeconfig, exclusions, maxInflight, selectors, container, items)', () => {
  it('kubernetes: reads an inline kubeconfig, skips excluded kinds, lists one kind at a time, relates by label lookups', async () => {
    const before = api.requests.length;
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('inline-cluster', {
        kubernetes: [
          {
            clusterName: 'inline',
            kubeconfig: { value: api.kubeconfig() },
            exclusions: { kinds: ['Pod', 'ConfigMap'] },
            maxInflight: 1,
            labels: {
              ownerid: '$.metadata.ownerReferences[0].uid',
              ownername: '$.metadata.ownerReferences[0].name',
              ownerns: '$.metadata.namespace',
              ownertype: 'Kubernetes::Deployment',
            },
            transform: {
              relationship: [
                {
                  id: { label: 'ownerid' },
                  external_id: { label: 'ownerid' },
                  name: { label: 'ownername' },
                  namespace: { label: 'ownerns' },
                  type: { label: 'ownertype' },
                  relation: 'owned-by',
                },
                { external_id: 'deploy-web-0004', relation: 'pinned' },
              ],
            },
            tags: [{ name: 'owner', label: 'ownername' }],
          },
        ],
      }),
    );
    expect(response.status).toBe(201);
    const id = (await response.json()).id;
    const outcome = await t.scrape(id);
    expect(outcome.errors).toEqual([]);
    const owned = await t.rows<{ from: string; to: string }>(
      `SELECT f.name AS from, r.scrape_key AS to FROM config_relationships rel
         JOIN config_items f ON f.id = rel.config_id JOIN config_items r ON r.id = rel.related_id
        WHERE f.scraper_id = $1 AND rel.relation = 'owned-by'`,
      [id],
    );
    expect(owned).toEqual([{ from: 'web-7d9f8c6b5', to: 'deploy-web-0004' }]);
    const [replicaSet] = await t.rows<{ tags: Record<string, string>; pinned: number }>(
      `SELECT i.tags, (SELECT count(*)::int FROM config_relationships rel
          WHERE rel.config_id = i.id AND rel.relation = 'pinned') AS pinned
         FROM config_items i WHERE i.scraper_id = $1 AND i.name = 'web-7d9f8c6b5'`,
      [id],
    );
    expect(replicaSet).toMatchObject({ tags: { owner: 'web' }, pinned: 1 });
    const seen = api.requests.slice(before);
    expect(seen.some((path) => path.startsWith('/api/v1/pods'))).toBe(false);
    expect(seen.some((path) => path.startsWith('/api/v1/configmaps'))).toBe(false);
    expect(seen.some((path) => path.startsWith('/apis/apps/v1/deployments'))).toBe(true);
  });

  it('kubernetesFile: pods by labelSelector and fieldSelector, a container, an inline kubeconfig, split by items', async () => {
    const before = api.requests.length;
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      scrapeConfig('pod-files-by-label', {
        kubernetesFile: [
          {
            kubeconfig: { value: api.kubeconfig() },
            selector: {
              namespace: 'default',
              kind: 'Pod',
              labelSelector: 'app=web',
              fieldSelector: 'status.phase=Running',
            },
            container: 'app',
            items: '.log',
            description: '$.level',
            class: 'AppConfig',
            files: [{ path: ['/etc/app/config.yaml'] }],
            labels: {
              lvl: '$.level',
              peerid: 'pod-web-2-0007:/etc/app/config.yaml',
              peername: 'web-7d9f8c6b5-fghij/config.yaml',
              peerns: 'default',
              peertype: 'Kubernetes::File',
            },
            tags: [
              { name: 'level', label: 'lvl' },
              { name: 'namespace', value: 'default' },
            ],
            transform: {
              relationship: [
                {
                  id: { label: 'peerid' },
                  external_id: { label: 'peerid' },
                  name: { label: 'peername' },
                  namespace: { label: 'peerns' },
                  type: { label: 'peertype' },
                  relation: 'peer',
                },
                { external_id: 'pod-web-1-0006:/etc/app/config.yaml', relation: 'pinned' },
              ],
            },
          },
        ],
      }),
    );
    expect(response.status).toBe(201);
    const id = (await response.json()).id;
    const outcome = await t.scrape(id);
    expect(outcome.errors).toEqual([]);
    const items = await t.rows<{ name: string; config: unknown; level: string }>(
      `SELECT name, config, tags->>'level' AS level, description, config_class FROM config_items
        WHERE scraper_id = $1 ORDER BY name`,
      [id],
    );
    expect(items).toEqual([
      {
        name: 'web-7d9f8c6b5-abcde/config.yaml',
        config: { level: 'info' },
        level: 'info',
        description: 'info',
        config_class: 'AppConfig',
      },
      {
        name: 'web-7d9f8c6b5-fghij/config.yaml',
        config: { level: 'debug' },
        level: 'debug',
        description: 'debug',
        config_class: 'AppConfig',
      },
    ]);
    const links = await t.rows<{ from: string; relation: string }>(
      `SELECT f.name AS from, rel.relation FROM config_relationships rel JOIN config_items f ON f.id = rel.config_id
        WHERE f.scraper_id = $1 ORDER BY 2, 1`,
      [id],
    );
    expect(links).toEqual([
      { from: 'web-7d9f8c6b5-abcde/config.yaml', relation: 'peer' },
      { from: 'web-7d9f8c6b5-fghij/config.yaml', relation: 'pinned' },
    ]);
    const seen = api.requests.slice(before);
    expect(seen.some((path) => path.includes('labelSelector=app%3Dweb') && path.includes('fieldSelector='))).toBe(true);
    expect(seen.some((path) => path.includes('/exec?') && path.includes('container=app'))).toBe(true);
  });
});
