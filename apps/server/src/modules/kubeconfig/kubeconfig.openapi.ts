import {
  k8sApiGroupListSchema,
  k8sApiGroupSchema,
  k8sApiResourceListSchema,
  k8sApiVersionsSchema,
  k8sCanaryAnswerSchema,
  k8sCanaryListSchema,
  k8sVersionSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

const listQuery = z.object({
  limit: z.string().optional(),
  continue: z.string().optional(),
  labelSelector: z.string().optional(),
  fieldSelector: z.string().optional(),
  watch: z.string().optional(),
});
const GROUP = '/api/k8s/apis/canaries.flanksource.com/v1';

/** The kubeconfig download and the Kubernetes-compatible canaries API, as `/api/openapi.json` describes them. */
export const KUBECONFIG_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/kubeconfig',
    summary: 'A kubeconfig for the signed-in person (a new personal API token, 90 days) pointing at /api/k8s',
    errors: [403],
  },
  {
    method: 'get',
    path: '/api/k8s/version',
    summary: 'Kubernetes-style version (kubectl version)',
    response: k8sVersionSchema,
  },
  { method: 'get', path: '/api/k8s/api', summary: 'Discovery: core API versions', response: k8sApiVersionsSchema },
  {
    method: 'get',
    path: '/api/k8s/api/v1',
    summary: 'Discovery: core resources (none)',
    response: k8sApiResourceListSchema,
  },
  { method: 'get', path: '/api/k8s/apis', summary: 'Discovery: API groups', response: k8sApiGroupListSchema },
  {
    method: 'get',
    path: '/api/k8s/apis/canaries.flanksource.com',
    summary: 'Discovery: the canaries group',
    response: k8sApiGroupSchema,
  },
  {
    method: 'get',
    path: GROUP,
    summary: 'Discovery: the canaries resource and its verbs',
    response: k8sApiResourceListSchema,
  },
  {
    method: 'get',
    path: `${GROUP}/canaries`,
    summary: 'List canaries of every namespace (CanaryList, or a Table with as=Table)',
    query: listQuery,
    response: k8sCanaryListSchema,
  },
  {
    method: 'get',
    path: `${GROUP}/namespaces/{namespace}/canaries`,
    summary: 'List the canaries of a namespace',
    query: listQuery,
    response: k8sCanaryListSchema,
  },
  {
    method: 'get',
    path: `${GROUP}/namespaces/{namespace}/canaries/{name}`,
    summary: 'Get one canary',
    response: k8sCanaryAnswerSchema,
    errors: [404],
  },
];
