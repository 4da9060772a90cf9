import { z } from 'zod';

/**
 * Answers of the Kubernetes-compatible canaries API under `/api/k8s`, shaped as kubectl reads them
 * (discovery documents, Canary objects of canary-checker's CRD, lists and server-side Tables).
 */

/** `GET /api/k8s/version` answer (kubectl version). */
export const k8sVersionSchema = z.object({
  major: z.string(),
  minor: z.string(),
  gitVersion: z.string(),
  platform: z.string(),
});

/** `GET /api/k8s/api` answer: the core API versions. */
export const k8sApiVersionsSchema = z.object({
  kind: z.literal('APIVersions'),
  versions: z.array(z.string()),
  serverAddressByClientCIDRs: z.array(z.object({ clientCIDR: z.string(), serverAddress: z.string() })),
});

const groupVersion = z.object({ groupVersion: z.string(), version: z.string() });
const apiGroup = z.object({ name: z.string(), versions: z.array(groupVersion), preferredVersion: groupVersion });

/** `GET /api/k8s/api/v1` and `GET /api/k8s/apis/canaries.flanksource.com/v1` answers: a group version's resources. */
export const k8sApiResourceListSchema = z.object({
  kind: z.literal('APIResourceList'),
  apiVersion: z.string().optional(),
  groupVersion: z.string(),
  resources: z.array(
    z.object({
      name: z.string(),
      singularName: z.string(),
      namespaced: z.boolean(),
      kind: z.string(),
      verbs: z.array(z.string()),
      shortNames: z.array(z.string()),
    }),
  ),
});

/** `GET /api/k8s/apis` answer. */
export const k8sApiGroupListSchema = z.object({
  kind: z.literal('APIGroupList'),
  apiVersion: z.string(),
  groups: z.array(apiGroup),
});

/** `GET /api/k8s/apis/canaries.flanksource.com` answer. */
export const k8sApiGroupSchema = apiGroup.extend({ kind: z.literal('APIGroup'), apiVersion: z.string() });

const objectMeta = z.object({
  name: z.string(),
  namespace: z.string(),
  uid: z.string(),
  resourceVersion: z.string(),
  creationTimestamp: z.string(),
  labels: z.record(z.string(), z.string()).optional(),
  annotations: z.record(z.string(), z.string()),
});
const listMeta = z.object({ resourceVersion: z.string(), continue: z.string().optional() });

/** A canary as a `Canary` object of canary-checker's CRD. */
export const k8sCanarySchema = z.object({
  apiVersion: z.string(),
  kind: z.literal('Canary'),
  metadata: objectMeta,
  spec: z.record(z.string(), z.unknown()),
  status: z.object({
    status: z.string(),
    checks: z.object({ total: z.number(), healthy: z.number(), unhealthy: z.number() }),
    lastCheck: z.string().optional(),
  }),
});

/** A page of canaries as kubectl asks for it: a server-side Table with `as=Table`, else a CanaryList. */
const k8sTableSchema = z.object({
  kind: z.literal('Table'),
  apiVersion: z.string(),
  metadata: listMeta,
  columnDefinitions: z.array(
    z.object({ name: z.string(), type: z.string(), format: z.string(), description: z.string(), priority: z.number() }),
  ),
  rows: z.array(
    z.object({
      cells: z.array(z.union([z.string(), z.number()])),
      object: z.object({ kind: z.string(), apiVersion: z.string(), metadata: objectMeta }),
    }),
  ),
});

/** `GET …/canaries` and `…/namespaces/{namespace}/canaries` answer. */
export const k8sCanaryListSchema = z.union([
  z.object({
    apiVersion: z.string(),
    kind: z.literal('CanaryList'),
    metadata: listMeta,
    items: z.array(k8sCanarySchema),
  }),
  k8sTableSchema,
]);

/** `GET …/namespaces/{namespace}/canaries/{name}` answer: the Canary, or a one-row Table with `as=Table`. */
export const k8sCanaryAnswerSchema = z.union([k8sCanarySchema, k8sTableSchema]);
