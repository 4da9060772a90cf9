/**
 * The health module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { canariesWriteHook } from './canaries/canaries-write.hook.js';
import { HEALTH_API } from './health.openapi.js';
import { redecideQuorumsJob } from './locations/redecide-quorums.job.js';
import { checkHistoryCount } from './results/history-count.js';
import { packResultsJob } from './results/pack.job.js';
import { checkRetentionJob } from './results/retention.job.js';
import { runCanaryJob } from './runner/run-canary.job.js';

export { canariesService, parseCanaryText } from './canaries/canaries.service.js';
export { type CanaryDirWatcher, watchCanaryDir } from './canaries/canary-dir.js';
export { CANARY_API_VERSION } from './canaries/canary-schema.js';
export { ensureSystemCanary } from './canaries/system-canary.js';
export { runConfinedScript } from './check-types/confined-script.js';
export { execChecksDisabledReason } from './check-types/exec-policy.js';
export { FOLDER_ROOTS_PROPERTY, folderConfinementSource } from './check-types/folder-roots.js';
export { runCheck } from './check-types/registry.js';
export { plainValue } from './check-types/sql-check.js';
export {
  ExpressionError,
  type ExpressionFunction,
  type ExtendedExpressions,
  evaluateExpression,
  expressionError,
  extendExpressions,
} from './expressions/cel.js';
export { registerHealthRoutes } from './health.routes.js';
export { locatedChecksOf, recordLocationResults } from './locations/locations.service.js';
export { packResults } from './results/pack.job.js';
export { recordResult, recordResultBatch, recordResults } from './results/results.service.js';
export { newestRunsBlockSql, type TimeRangeSql, timeBlockRangeSql } from './results/time-block-bounds.js';
export { canaryScheduleName } from './runner/run-canary.job.js';
export { canaryTickOf, runnableChecksOf } from './runner/runnable-checks.service.js';
export { type DailyCheckTotals, dailyCheckTotals } from './summary/daily-totals.service.js';
export { checkGraph } from './summary/graph.service.js';
export {
  type HourlyCounts,
  hourlyCounts,
  type RunsInside,
  recentWindowCounts,
  runsInside,
  type WindowCounts,
} from './summary/hourly-series.repo.js';
export { HIST_BASE, HIST_BUCKETS } from './summary/latency-histogram.js';
export {
  type ExcludedRunCounts,
  provideUptimeExclusions,
  type UptimeExclusions,
} from './summary/maintenance-port.js';
export { checksSummary } from './summary/summary.service.js';

/** What the composition root (src/composition) assembles from this module. */
export const healthModule = {
  name: 'health',
  jobs: [runCanaryJob, checkRetentionJob, packResultsJob, redecideQuorumsJob],
  writeHooks: { canaries: canariesWriteHook },
  countSources: { check_statuses: checkHistoryCount },
  apiDocs: [{ tag: 'health', routes: HEALTH_API }],
};
