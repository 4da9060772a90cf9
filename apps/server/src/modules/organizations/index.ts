/**
 * The organizations module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
export { registerOrgBackendCors } from './org-backend-cors.js';
export { UNREACHABLE_MESSAGE } from './org-backend-proxy.js';
export { PROVISIONING_MESSAGE } from './org-rules.js';
export { orgTokenResolver } from './org-token-verifier.js';
export { registerOrganizationsRoutes } from './organizations.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const organizationsModule = {
  name: 'organizations',
};
