import type { K8sCanaryRow } from './k8s-canaries.repo.js';

/** The API group and version canaries are served under, as canary-checker's CRD names them. */
export const CANARY_GROUP = 'canaries.flanksource.com';
export const CANARY_VERSION = 'v1';
export const CANARY_GROUP_VERSION = `${CANARY_GROUP}/${CANARY_VERSION}`;

/** The verbs this read-only API serves; discovery advertises exactly these. */
export const CANARY_VERBS = ['get', 'list'] as const;

/** A Kubernetes `Status` failure, the body kubectl prints as "Error from server (Reason): message". */
export function k8sStatus(code: number, reason: string, message: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

/** Passed when every check is healthy, Failed when any is unhealthy, Pending before the first run. */
function canaryStatus(row: K8sCanaryRow): 'Passed' | 'Failed' | 'Pending' {
  if (row.unhealthy > 0) return 'Failed';
  if (row.checks > 0 && row.healthy === row.checks) return 'Passed';
  return 'Pending';
}

function metadataOf(row: K8sCanaryRow) {
  return {
    name: row.name,
    namespace: row.namespace,
    uid: row.id,
    resourceVersion: String(new Date(row.updated_at).getTime()),
    creationTimestamp: new Date(row.created_at).toISOString(),
    ...(row.labels && Object.keys(row.labels).length > 0 ? { labels: row.labels } : {}),
    annotations: { ...(row.annotations ?? {}), 'mission-control.flanksource.com/source': row.source ?? 'UI' },
  };
}

/** A canaries row as a `Canary` object of canary-checker's CRD. */
export function canaryObject(row: K8sCanaryRow) {
  return {
    apiVersion: CANARY_GROUP_VERSION,
    kind: 'Canary',
    metadata: metadataOf(row),
    spec: row.spec ?? {},
    status: {
      status: canaryStatus(row),
      checks: { total: row.checks, healthy: row.healthy, unhealthy: row.unhealthy },
      ...(row.last_runtime ? { lastCheck: new Date(row.last_runtime).toISOString() } : {}),
    },
  };
}

/** Age as kubectl prints it: 45s, 12m, 5h, 3d. */
export function k8sAge(since: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7_200) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.floor(seconds / 3_600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/** A page as a `CanaryList`. */
export function canaryList(rows: readonly K8sCanaryRow[], continueToken: string | undefined) {
  return {
    apiVersion: CANARY_GROUP_VERSION,
    kind: 'CanaryList',
    metadata: { resourceVersion: '', ...(continueToken ? { continue: continueToken } : {}) },
    items: rows.map(canaryObject),
  };
}

/**
 * A page as a server-side `Table` (what kubectl asks for with `as=Table`): the columns kubectl prints
 * for `get canaries` — Name, Status, Checks, Healthy, Age — plus each row's metadata, so `-A` adds the
 * namespace column.
 */
export function canaryTable(rows: readonly K8sCanaryRow[], continueToken: string | undefined, now = new Date()) {
  const column = (name: string, type: string, description: string, format = '') => ({
    name,
    type,
    format,
    description,
    priority: 0,
  });
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '', ...(continueToken ? { continue: continueToken } : {}) },
    columnDefinitions: [
      column('Name', 'string', 'Name of the canary', 'name'),
      column('Status', 'string', 'Passed, Failed or Pending'),
      column('Checks', 'integer', 'Live checks of the canary'),
      column('Healthy', 'integer', 'Checks whose last run passed'),
      column('Age', 'string', 'Time since the canary was created'),
    ],
    rows: rows.map((row) => ({
      cells: [row.name, canaryStatus(row), row.checks, row.healthy, k8sAge(new Date(row.created_at), now)],
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: metadataOf(row) },
    })),
  };
}

/** Discovery documents: `/api`, `/api/v1`, `/apis` and the canaries group version. */
export const discovery = {
  versions: (serverAddress: string) => ({
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  }),
  coreResources: () => ({ kind: 'APIResourceList', groupVersion: 'v1', resources: [] }),
  groups: () => {
    const version = { groupVersion: CANARY_GROUP_VERSION, version: CANARY_VERSION };
    return {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [{ name: CANARY_GROUP, versions: [version], preferredVersion: version }],
    };
  },
  group: () => {
    const version = { groupVersion: CANARY_GROUP_VERSION, version: CANARY_VERSION };
    return { kind: 'APIGroup', apiVersion: 'v1', name: CANARY_GROUP, versions: [version], preferredVersion: version };
  },
  canaryResources: () => ({
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: CANARY_GROUP_VERSION,
    resources: [
      {
        name: 'canaries',
        singularName: 'canary',
        namespaced: true,
        kind: 'Canary',
        verbs: [...CANARY_VERBS],
        shortNames: ['canary'],
      },
    ],
  }),
};
