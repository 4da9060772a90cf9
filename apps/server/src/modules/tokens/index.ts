/**
 * The tokens module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { TOKENS_API } from './tokens.openapi.js';

export { registerTokenRoutes } from './tokens.routes.js';
export { findTokenPerson, tokensService, touchToken } from './tokens.service.js';

/** What the composition root (src/composition) assembles from this module. */
export const tokensModule = {
  name: 'tokens',
  apiDocs: [{ tag: 'tokens', routes: TOKENS_API }],
};
