/**
 * The maintenance module's public face: what other modules, the composition root and tests may use.
 * Status pages and SLOs read {@link maintenanceIntervals}; the composition root gives
 * {@link activeWindows} to notifications and {@link excludedRuns} to health as ports (both modules are
 * below this one: it imports their faces).
 */
import { MAINTENANCE_API } from './maintenance.openapi.js';

export { registerMaintenanceRoutes } from './maintenance.routes.js';
export {
  activeWindows,
  type ExcludedRuns,
  excludedRuns,
  type MaintenanceInterval,
  type MaintenanceTarget,
  maintenanceIntervals,
} from './maintenance-intervals.js';

/** What the composition root (src/composition) assembles from this module. */
export const maintenanceModule = {
  name: 'maintenance',
  apiDocs: [{ tag: 'maintenance', routes: MAINTENANCE_API }],
};
