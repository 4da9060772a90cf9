import type { Hono } from 'hono';
import { auditContext } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import { registerK8sApiRoutes } from './k8s-api.routes.js';
import { KUBECONFIG_FILE_NAME, kubeconfigService } from './kubeconfig.service.js';

/**
 * `GET /api/kubeconfig` (001 §7): the signed-in person's kubeconfig as a file download. Each download
 * mints a new personal token, so the console opens it only when the person asks (the modal's button).
 * Also mounts the Kubernetes-compatible canaries API the kubeconfig points at.
 */
export function registerKubeconfigRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const kubeconfig = kubeconfigService(deps.database);
  app.get('/api/kubeconfig', requireSignIn(), async (c) => {
    const origin = deps.config.MC_PUBLIC_URL ?? new URL(c.req.url).origin;
    const text = await kubeconfig.build(c.var.actor, origin, auditContext(c));
    return c.body(text, 200, {
      'Content-Type': 'application/yaml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${KUBECONFIG_FILE_NAME}"`,
      'Cache-Control': 'no-store',
    });
  });
  registerK8sApiRoutes(app, deps);
}
