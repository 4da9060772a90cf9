/**
 * The playbooks module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { PLAYBOOK_RUNS_API } from './playbook-runs.openapi.js';
import { playbooksWriteHook } from './playbooks-write.hook.js';
import { runPlaybookJob } from './runs/run-playbook.job.js';

export { watchPlaybookDir } from './playbook-dir.js';
export { registerPlaybookRunRoutes } from './playbook-runs.routes.js';
export { runPlaybookForRule } from './runs/rule-playbook-run.js';
export { executeRun } from './runs/run-executor.js';
export { runPlaybookJob } from './runs/run-playbook.job.js';
export {
  forgetScrapedPlaybooks,
  type ScrapedPlaybook,
  type ScrapedPlaybookSync,
  syncScrapedPlaybooks,
} from './scraped-playbooks.js';

/** What the composition root (src/composition) assembles from this module. */
export const playbooksModule = {
  name: 'playbooks',
  jobs: [runPlaybookJob],
  writeHooks: { playbooks: playbooksWriteHook },
  apiDocs: [{ tag: 'playbooks', routes: PLAYBOOK_RUNS_API }],
};
