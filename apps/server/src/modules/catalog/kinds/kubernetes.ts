/**
 * The kubernetes scraper (config-db's `kubernetes`): lists a cluster's common kinds through a kubeconfig
 * connection — namespaces, nodes, pods, services, config maps, persistent volume claims, deployments,
 * replica sets, stateful sets, daemon sets, jobs, cron jobs and ingresses (never secrets) — as items
 * `Kubernetes::<Kind>` keyed by uid, tagged with the cluster and namespace. Owner references become the
 * parent and a hard relationship (`DeploymentReplicaSet`…), a pod relates to its node (`NodePod`), and
 * objects without an owner hang below their namespace, namespaces and nodes below the cluster item.
 * Fields that move without meaning (resourceVersion, managedFields, heartbeat times) are left out, so
 * an idle cluster records no changes.
 */
import { z } from 'zod';
import { type KubeTarget, kubeTargetOf } from '../../connections/index.js';
import { analysisRuleSchema } from '../insights/analysis-rule-schema.js';
import { asText, excludeFields, jsonPath } from './item-fields.js';
import { connectionKubeTarget, type KubeObject, listAll } from './kube-client.js';
import {
  emptyOutput,
  type ItemRef,
  type KindContext,
  type KindOutput,
  type ScrapedItem,
  type ScraperKind,
} from './scraper-kind.js';
import { refusedKey, strictEntry } from './strict-entry.js';
import { tagsOf, tagsSchema } from './tag-fields.js';
import { transformSchema } from './transform-schema.js';

/** The kinds listed, with their API paths. */
export const KUBE_RESOURCES = [
  { kind: 'Namespace', path: '/api/v1/namespaces' },
  { kind: 'Node', path: '/api/v1/nodes' },
  { kind: 'Pod', path: '/api/v1/pods' },
  { kind: 'Service', path: '/api/v1/services' },
  { kind: 'ConfigMap', path: '/api/v1/configmaps' },
  { kind: 'PersistentVolumeClaim', path: '/api/v1/persistentvolumeclaims' },
  { kind: 'Deployment', path: '/apis/apps/v1/deployments' },
  { kind: 'ReplicaSet', path: '/apis/apps/v1/replicasets' },
  { kind: 'StatefulSet', path: '/apis/apps/v1/statefulsets' },
  { kind: 'DaemonSet', path: '/apis/apps/v1/daemonsets' },
  { kind: 'Job', path: '/apis/batch/v1/jobs' },
  { kind: 'CronJob', path: '/apis/batch/v1/cronjobs' },
  { kind: 'Ingress', path: '/apis/networking.k8s.io/v1/ingresses' },
] as const;

/** Most objects read per kind. */
export const MAX_KUBE_OBJECTS = 50_000;

/**
 * The base fields a kubernetes entry honours: each object's id, name, type, class, status and health
 * come from the object itself, so those keys (and the document-reading ones) are refused by name.
 */
const kubernetesEntrySchema = strictEntry({
  labels: z.record(z.string(), z.string()).optional(),
  tags: tagsSchema.optional(),
  transform: transformSchema
    .extend({
      expr: refusedKey('expr', 'the kubernetes scraper makes one item per object'),
      gotemplate: refusedKey('gotemplate', 'the kubernetes scraper makes one item per object'),
      javascript: refusedKey('javascript', 'the kubernetes scraper makes one item per object'),
    })
    .optional(),
  analysis: z.array(analysisRuleSchema).optional(),
  clusterName: z.string().min(1, 'is required'),
  /** A kubeconfig connection (`connection://kubernetes/<name>` or its id). */
  connection: z.string().min(1).optional(),
  /** Only these namespaces (all when absent). */
  namespace: z.string().optional(),
  /** Kinds left out, e.g. `["ConfigMap"]`. */
  exclusions: strictEntry({ kinds: z.array(z.string()).optional() }).optional(),
  /** config-db's concurrency hint (max in flight defaults to 64); lists run one kind at a time here. */
  maxInflight: z.number().int().min(1).optional(),
  kubeconfig: strictEntry({ value: z.string().min(1) }).optional(),
});
/** One `spec.kubernetes[]` entry. */
export type KubernetesEntry = z.infer<typeof kubernetesEntrySchema>;

/** The entry's `labels` over an object (static values, or JSONPaths read from it) on top of its own. */
function labelsOf(entry: KubernetesEntry, object: unknown, own: Record<string, string> | undefined) {
  const out: Record<string, string> = { ...(own ?? {}) };
  for (const [key, value] of Object.entries(entry.labels ?? {})) {
    const found = value.startsWith('$') || value.startsWith('@') ? asText(jsonPath(value, object)[0]) : value;
    if (found && out[key] === undefined) out[key] = found;
  }
  return Object.keys(out).length > 0 ? out : null;
}

const typeOf = (kind: string) => `Kubernetes::${kind}`;

function cleaned(kind: string, apiVersion: string, object: KubeObject): Record<string, unknown> {
  const { metadata, ...rest } = object;
  const { resourceVersion: _rv, managedFields: _mf, ...meta } = (metadata ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { apiVersion, kind, metadata: meta, ...rest };
  const status = out.status as { conditions?: Record<string, unknown>[] } | undefined;
  if (status?.conditions) {
    status.conditions = status.conditions.map(
      ({ lastHeartbeatTime: _hb, lastProbeTime: _pt, ...condition }) => condition,
    );
  }
  return out;
}

function healthOf(kind: string, object: KubeObject): { status: string | null; health: string | null } {
  const status = (object.status ?? {}) as Record<string, unknown>;
  const spec = (object.spec ?? {}) as Record<string, unknown>;
  if (kind === 'Pod') {
    const phase = String(status.phase ?? 'Unknown');
    const ready = ((status.conditions ?? []) as { type?: string; status?: string }[]).some(
      (c) => c.type === 'Ready' && c.status === 'True',
    );
    const health =
      phase === 'Succeeded' || (phase === 'Running' && ready)
        ? 'healthy'
        : phase === 'Failed'
          ? 'unhealthy'
          : 'warning';
    return { status: phase, health };
  }
  if (kind === 'Node') {
    const ready = ((status.conditions ?? []) as { type?: string; status?: string }[]).find((c) => c.type === 'Ready');
    return {
      status: ready?.status === 'True' ? 'Ready' : 'NotReady',
      health: ready?.status === 'True' ? 'healthy' : 'unhealthy',
    };
  }
  if (kind === 'Deployment' || kind === 'StatefulSet' || kind === 'ReplicaSet') {
    const want = Number(spec.replicas ?? 1);
    const ready = Number(status.readyReplicas ?? 0);
    return {
      status: `${ready}/${want} ready`,
      health: ready >= want ? 'healthy' : ready === 0 && want > 0 ? 'unhealthy' : 'warning',
    };
  }
  if (kind === 'DaemonSet') {
    const want = Number(status.desiredNumberScheduled ?? 0);
    const ready = Number(status.numberReady ?? 0);
    return { status: `${ready}/${want} ready`, health: ready >= want ? 'healthy' : 'warning' };
  }
  if (kind === 'Namespace') return { status: String(status.phase ?? 'Active'), health: 'healthy' };
  return { status: null, health: null };
}

async function targetOf(entry: KubernetesEntry, ctx: KindContext): Promise<KubeTarget> {
  if (entry.kubeconfig?.value) return kubeTargetOf(entry.kubeconfig.value, false);
  if (!entry.connection) {
    throw new Error('a kubeconfig connection is required (this server does not use an in-cluster service account)');
  }
  return connectionKubeTarget(ctx, entry.connection);
}

async function scrape(entry: KubernetesEntry, ctx: KindContext): Promise<KindOutput> {
  const output = emptyOutput();
  output.rules = entry.analysis ?? [];
  const target = await targetOf(entry, ctx);
  const cluster: ItemRef = { type: typeOf('Cluster'), key: `cluster/${entry.clusterName}` };
  output.items.push({
    key: cluster.key,
    type: cluster.type,
    name: entry.clusterName,
    configClass: 'Cluster',
    config: { name: entry.clusterName, server: target.server },
    health: 'healthy',
    tags: { cluster: entry.clusterName },
    source: target.server,
  });
  const excluded = new Set(entry.exclusions?.kinds ?? []);
  const namespaces = new Map<string, string>();
  const nodes = new Map<string, string>();
  const objects: { kind: string; object: KubeObject; item: ScrapedItem }[] = [];
  for (const resource of KUBE_RESOURCES) {
    if (excluded.has(resource.kind) || ctx.signal.aborted) continue;
    let listed: KubeObject[];
    try {
      listed = await listAll(target, resource.path, ctx.egress, ctx.signal, MAX_KUBE_OBJECTS);
    } catch (error) {
      output.errors.push(`${resource.kind}: ${(error as Error).message}`);
      continue;
    }
    const apiVersion = resource.path.startsWith('/api/v1') ? 'v1' : resource.path.split('/').slice(2, 4).join('/');
    for (const object of listed) {
      const meta = object.metadata ?? {};
      if (!meta.uid || !meta.name) continue;
      if (entry.namespace && meta.namespace && meta.namespace !== entry.namespace) continue;
      if (resource.kind === 'Namespace') namespaces.set(meta.name, meta.uid);
      if (resource.kind === 'Node') nodes.set(meta.name, meta.uid);
      const { status, health } = healthOf(resource.kind, object);
      const labels = labelsOf(entry, object, meta.labels);
      const item: ScrapedItem = {
        key: meta.uid,
        type: typeOf(resource.kind),
        name: meta.name,
        configClass: resource.kind,
        config: excludeFields(entry, cleaned(resource.kind, apiVersion, object), typeOf(resource.kind)),
        status,
        health,
        labels,
        tags: {
          cluster: entry.clusterName,
          ...(meta.namespace ? { namespace: meta.namespace } : {}),
          ...(tagsOf(entry.tags, object, labels) ?? {}),
        },
        source: `${target.server}${resource.path}`,
        createdAt: meta.creationTimestamp ?? null,
      };
      objects.push({ kind: resource.kind, object, item });
    }
  }
  for (const { kind, object, item } of objects) {
    const meta = object.metadata ?? {};
    const owner = meta.ownerReferences?.find((ref) => ref.controller) ?? meta.ownerReferences?.[0];
    if (owner?.uid && owner.kind) {
      item.parent = { type: typeOf(owner.kind), key: owner.uid };
      output.relationships.push({
        from: item.parent,
        to: { type: item.type, key: item.key },
        relation: `${owner.kind}${kind}`,
      });
    } else if (meta.namespace && namespaces.has(meta.namespace)) {
      item.parent = { type: typeOf('Namespace'), key: namespaces.get(meta.namespace) ?? '' };
    } else if (kind === 'Namespace' || kind === 'Node') {
      item.parent = cluster;
    }
    const nodeName = kind === 'Pod' ? (object.spec as { nodeName?: string } | undefined)?.nodeName : undefined;
    const nodeUid = nodeName ? nodes.get(nodeName) : undefined;
    if (nodeUid)
      output.relationships.push({
        from: { type: typeOf('Node'), key: nodeUid },
        to: { type: item.type, key: item.key },
        relation: 'NodePod',
      });
    output.items.push(item);
  }
  return output;
}

/** The kubernetes scraper kind. */
export const kubernetesKind: ScraperKind<KubernetesEntry> = {
  name: 'kubernetes',
  schema: kubernetesEntrySchema,
  scrape,
};
