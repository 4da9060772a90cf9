/**
 * The health of one Kubernetes object, as canary-checker's `k8s.getHealth` (flanksource/is-healthy) reports
 * it: `health` (healthy, unhealthy, warning, unknown), `ready`, `status` and `message`. Covers the kinds
 * upstream fixtures test (Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, Service, Ingress,
 * PersistentVolumeClaim, Node, Namespace) and, for any other kind, its Ready/Available conditions; an
 * object without a status (ConfigMap, Secret) is healthy and ready.
 */
import { isCelMap, num } from './cel-values.js';

/** What `k8s.getHealth` returns. */
export interface KubernetesHealth {
  health: 'healthy' | 'unhealthy' | 'warning' | 'unknown';
  ready: boolean;
  status: string;
  message: string;
}

type Obj = Record<string, unknown>;

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) current = isCelMap(current) ? current[key] : undefined;
  return current;
}

function list(value: unknown): Obj[] {
  return Array.isArray(value) ? value.filter(isCelMap) : [];
}

function count(value: unknown): number {
  return value === undefined || value === null ? 0 : num(value);
}

function condition(obj: Obj, type: string): Obj | undefined {
  return list(field(obj, 'status', 'conditions')).find((c) => c.type === type);
}

function result(health: KubernetesHealth['health'], ready: boolean, status: string, message = ''): KubernetesHealth {
  return { health, ready, status, message };
}

const BAD_WAITING = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
  'InvalidImageName',
  'RunContainerError',
]);

function pod(obj: Obj): KubernetesHealth {
  const phase = String(field(obj, 'status', 'phase') ?? 'Pending');
  const statuses = [
    ...list(field(obj, 'status', 'initContainerStatuses')),
    ...list(field(obj, 'status', 'containerStatuses')),
  ];
  for (const s of statuses) {
    const reason = field(s, 'state', 'waiting', 'reason');
    if (typeof reason === 'string' && BAD_WAITING.has(reason)) {
      return result('unhealthy', false, reason, String(field(s, 'state', 'waiting', 'message') ?? reason));
    }
  }
  if (phase === 'Succeeded') return result('healthy', true, 'Completed');
  if (phase === 'Failed') return result('unhealthy', true, 'Failed', String(field(obj, 'status', 'message') ?? ''));
  if (phase === 'Running') {
    const ready = condition(obj, 'Ready')?.status === 'True';
    return ready ? result('healthy', true, 'Running') : result('warning', false, 'Running', 'containers not ready');
  }
  return result('unknown', false, phase);
}

function replicated(obj: Obj, kind: string): KubernetesHealth {
  const desired = count(
    field(obj, 'spec', 'replicas') ?? (kind === 'DaemonSet' ? field(obj, 'status', 'desiredNumberScheduled') : 1),
  );
  const ready = count(field(obj, 'status', kind === 'DaemonSet' ? 'numberReady' : 'readyReplicas'));
  const progressing = condition(obj, 'Progressing');
  if (progressing?.status === 'False') {
    return result('unhealthy', false, String(progressing.reason ?? 'Failed'), String(progressing.message ?? ''));
  }
  const replicaFailure = condition(obj, 'ReplicaFailure');
  if (replicaFailure?.status === 'True')
    return result('unhealthy', false, 'ReplicaFailure', String(replicaFailure.message ?? ''));
  if (desired === 0) return result('healthy', true, 'Scaled to Zero');
  if (ready >= desired) return result('healthy', true, 'Running', `${ready}/${desired} ready`);
  return result(ready > 0 ? 'warning' : 'unknown', false, 'Pending', `${ready}/${desired} ready`);
}

function job(obj: Obj): KubernetesHealth {
  if (condition(obj, 'Failed')?.status === 'True')
    return result('unhealthy', true, 'Failed', String(condition(obj, 'Failed')?.message ?? ''));
  if (condition(obj, 'Complete')?.status === 'True') return result('healthy', true, 'Completed');
  return result('unknown', false, 'Running');
}

function loadBalanced(obj: Obj, always: boolean): KubernetesHealth {
  const ingress = list(field(obj, 'status', 'loadBalancer', 'ingress'));
  if (ingress.length > 0 || always) return result('healthy', true, 'Running');
  return result('unknown', false, 'Pending', 'waiting for a load balancer address');
}

function generic(obj: Obj): KubernetesHealth {
  for (const type of ['Ready', 'Available', 'Healthy']) {
    const c = condition(obj, type);
    if (c?.status === 'True') return result('healthy', true, String(c.reason ?? type), String(c.message ?? ''));
    if (c?.status === 'False')
      return result('unhealthy', false, String(c.reason ?? `Not${type}`), String(c.message ?? ''));
  }
  const phase = field(obj, 'status', 'phase');
  if (typeof phase === 'string') {
    const good = ['Active', 'Bound', 'Available', 'Succeeded', 'Running'].includes(phase);
    return result(good ? 'healthy' : phase === 'Failed' || phase === 'Lost' ? 'unhealthy' : 'unknown', good, phase);
  }
  return result('healthy', true, '');
}

/** The health of a Kubernetes object (or of `{Object: …}`, canary-checker's unstructured wrapper). */
export function kubernetesHealth(value: unknown): KubernetesHealth {
  const obj = isCelMap(value) && isCelMap(value.Object) ? value.Object : value;
  if (!isCelMap(obj)) return result('unknown', false, '', 'not a Kubernetes object');
  const kind = String(obj.kind ?? '');
  if (kind === 'Pod') return pod(obj);
  if (['Deployment', 'StatefulSet', 'ReplicaSet', 'DaemonSet'].includes(kind)) return replicated(obj, kind);
  if (kind === 'Job') return job(obj);
  if (kind === 'Service') return loadBalanced(obj, field(obj, 'spec', 'type') !== 'LoadBalancer');
  if (kind === 'Ingress') return loadBalanced(obj, false);
  return generic(obj);
}
