/**
 * The tokens module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
export { findTokenPerson, touchToken } from './tokens.repo.js';
export { registerTokenRoutes } from './tokens.routes.js';
export { tokensService } from './tokens.service.js';

/** What the composition root (src/composition) assembles from this module. */
export const tokensModule = {
  name: 'tokens',
};
