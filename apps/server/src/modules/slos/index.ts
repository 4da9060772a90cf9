/**
 * The SLOs module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { sloBurnRateJob } from './slo-burn.job.js';
import { SLOS_API } from './slos.openapi.js';

export { type SloBudget, sloBudgetsOf } from './slo-budgets.service.js';
export { evaluateBurnRates } from './slo-burn.job.js';
export { registerSlosRoutes } from './slos.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const slosModule = {
  name: 'slos',
  jobs: [sloBurnRateJob],
  apiDocs: [{ tag: 'slos', routes: SLOS_API }],
};
