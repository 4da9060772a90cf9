/**
 * The auth module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { IDENTITY_API } from './identity.openapi.js';

export { selfRegistrationEnabled } from './flows/self-registration.js';
export { registerIdentityModule } from './identity.module.js';

/** What the composition root (src/composition) assembles from this module. */
export const authModule = {
  name: 'auth',
  apiDocs: [{ tag: 'identity', routes: IDENTITY_API }],
};
