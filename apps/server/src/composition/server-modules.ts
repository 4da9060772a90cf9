import { agentsModule } from '../modules/agents/index.js';
import { authModule } from '../modules/auth/index.js';
import { catalogModule } from '../modules/catalog/index.js';
import { connectionsModule } from '../modules/connections/index.js';
import { healthModule } from '../modules/health/index.js';
import { heartbeatsModule } from '../modules/heartbeats/index.js';
import { incidentsModule } from '../modules/incidents/index.js';
import { integrationsModule } from '../modules/integrations/index.js';
import { jobsModule } from '../modules/jobs/index.js';
import { kubeconfigModule } from '../modules/kubeconfig/index.js';
import { logsModule } from '../modules/logs/index.js';
import { maintenanceModule } from '../modules/maintenance/index.js';
import { notificationsModule } from '../modules/notifications/index.js';
import { organizationsModule } from '../modules/organizations/index.js';
import { peopleModule } from '../modules/people/index.js';
import { permissionsModule } from '../modules/permissions/index.js';
import { playbooksModule } from '../modules/playbooks/index.js';
import { propertiesModule } from '../modules/properties/index.js';
import { rbacModule } from '../modules/rbac/index.js';
import { restModule } from '../modules/rest/index.js';
import { settingsViewsModule } from '../modules/settings-views/index.js';
import { slosModule } from '../modules/slos/index.js';
import { statusPagesModule } from '../modules/status-pages/index.js';
import { systemModule } from '../modules/system/index.js';
import { tokensModule } from '../modules/tokens/index.js';
import { topologyModule } from '../modules/topology/index.js';
import type { ServerModule } from './server-module.js';

/**
 * Every module of the server, from its face, in the order the API document lists their tags
 * (composition.test.ts checks that each folder under `modules/` is here).
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  authModule,
  restModule,
  connectionsModule,
  incidentsModule,
  propertiesModule,
  agentsModule,
  integrationsModule,
  kubeconfigModule,
  settingsViewsModule,
  statusPagesModule,
  healthModule,
  heartbeatsModule,
  slosModule,
  topologyModule,
  catalogModule,
  peopleModule,
  permissionsModule,
  notificationsModule,
  playbooksModule,
  logsModule,
  jobsModule,
  organizationsModule,
  maintenanceModule,
  rbacModule,
  systemModule,
  tokensModule,
];
