/**
 * The kubeconfig module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { KUBECONFIG_API } from './kubeconfig.openapi.js';

export { registerKubeconfigRoutes } from './kubeconfig.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const kubeconfigModule = {
  name: 'kubeconfig',
  apiDocs: [{ tag: 'kubeconfig', routes: KUBECONFIG_API }],
};
