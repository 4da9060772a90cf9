import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogTestApp, createCatalogTestApp, scrapeConfig } from '../testing/catalog-test-app.js';
import { type RecordedKubeApi, startRecordedKubeApi } from '../testing/recorded-kube-api.js';
import { storeConnection } from '../testing/stored-connection.js';

process.env.MC_SECRET_KEY = randomBytes(32).toString('base64');

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
