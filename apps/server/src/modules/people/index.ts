/**
 * The people module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { PEOPLE_API } from './people.openapi.js';

export { registerPeopleRoutes } from './people.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const peopleModule = {
  name: 'people',
  apiDocs: [{ tag: 'people', routes: PEOPLE_API }],
};
