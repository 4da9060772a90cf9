import type { Context, Hono } from 'hono';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission, requireSignIn } from '../../platform/require-permission.js';
import { VERSION } from '../../platform/version.js';
import { type K8sListQuery, k8sCanariesService } from './k8s-canaries.service.js';
import {
  CANARY_GROUP,
  CANARY_GROUP_VERSION,
  canaryList,
  canaryObject,
  canaryTable,
  discovery,
  k8sStatus,
} from './k8s-objects.js';
import { K8S_API_PATH } from './kubeconfig.service.js';

const GROUP_PATH = `${K8S_API_PATH}/apis/${CANARY_GROUP_VERSION}`;

/** Whether kubectl asked for a server-side table (`Accept: application/json;as=Table;…`). */
function wantsTable(c: Context<AppEnv>): boolean {
  return /;\s*as=Table/i.test(c.req.header('accept') ?? '');
}

function listQuery(c: Context<AppEnv>, namespace: string | undefined): K8sListQuery {
  return {
    namespace,
    limit: c.req.query('limit'),
    continueToken: c.req.query('continue'),
    labelSelector: c.req.query('labelSelector'),
    fieldSelector: c.req.query('fieldSelector'),
    watch: c.req.query('watch'),
  };
}

/**
 * A read-only Kubernetes-compatible API for canaries under `/api/k8s` (the kubeconfig's server):
 * discovery (`/version`, `/api`, `/api/v1`, `/apis`, the canaries group) and `get`/`list` of
 * `canaries.flanksource.com/v1` Canary objects, as JSON lists or server-side tables. Failures answer
 * Kubernetes `Status` bodies so kubectl prints them. Bearer API tokens authenticate as their person.
 */
export function registerK8sApiRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const canaries = k8sCanariesService(deps.database);
  const list = async (c: Context<AppEnv>, namespace: string | undefined) => {
    const answer = await canaries.list(listQuery(c, namespace));
    if (!answer.ok) return c.json(k8sStatus(answer.code, answer.reason, answer.message), answer.code);
    const body = wantsTable(c)
      ? canaryTable(answer.rows, answer.continueToken)
      : canaryList(answer.rows, answer.continueToken);
    return c.json(body);
  };

  app.get(`${K8S_API_PATH}/version`, requireSignIn(), (c) =>
    c.json({ major: '1', minor: '30', gitVersion: `v1.30.0+mission-control-${VERSION}`, platform: 'mission-control' }),
  );
  app.get(`${K8S_API_PATH}/api`, requireSignIn(), (c) => c.json(discovery.versions(new URL(c.req.url).host)));
  app.get(`${K8S_API_PATH}/api/v1`, requireSignIn(), (c) => c.json(discovery.coreResources()));
  app.get(`${K8S_API_PATH}/apis`, requireSignIn(), (c) => c.json(discovery.groups()));
  app.get(`${K8S_API_PATH}/apis/${CANARY_GROUP}`, requireSignIn(), (c) => c.json(discovery.group()));
  app.get(GROUP_PATH, requireSignIn(), (c) => c.json(discovery.canaryResources()));
  app.get(`${GROUP_PATH}/canaries`, requirePermission('canaries', 'read'), (c) => list(c, undefined));
  app.get(`${GROUP_PATH}/namespaces/:namespace/canaries`, requirePermission('canaries', 'read'), (c) =>
    list(c, c.req.param('namespace')),
  );
  app.get(`${GROUP_PATH}/namespaces/:namespace/canaries/:name`, requirePermission('canaries', 'read'), async (c) => {
    const found = await canaries.get(c.req.param('namespace'), c.req.param('name'));
    if (!found.ok) return c.json(k8sStatus(found.code, found.reason, found.message), found.code);
    if (wantsTable(c)) return c.json(canaryTable([found.row], undefined));
    return c.json(canaryObject(found.row));
  });
}
