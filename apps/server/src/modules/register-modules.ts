import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { DataAccessPolicy } from '../platform/access.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { AppEnv } from '../platform/request-context.js';
import { registerAgentsRoutes } from './agents/agents.routes.js';
import { registerIdentityModule } from './auth/identity.module.js';
import type { Mailer } from './auth/mail/mailer.js';
import { registerCatalogApiRoutes } from './catalog/api/catalog-api.routes.js';
import { configScrapersWriteHook } from './catalog/scrapers/config-scrapers-write.hook.js';
import { registerScraperRoutes } from './catalog/scrapers/scrapers.routes.js';
import { connectionReferencesHook } from './connections/connection-references.hook.js';
import { SAVED_BY_TABLES } from './connections/connection-references.js';
import { registerConnectionsRoutes } from './connections/connections.routes.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { registerIncidentsRoutes } from './incidents/incidents.routes.js';
import { registerIntegrationsRoutes } from './integrations/integrations.routes.js';
import { registerKubeconfigRoutes } from './kubeconfig/kubeconfig.routes.js';
import { registerLogsRoutes } from './logs/logs.routes.js';
import { registerNotificationsRoutes } from './notifications/notifications.routes.js';
import { notificationsWriteHook, silencesWriteHook } from './notifications/notifications-write.hook.js';
import { registerOrgBackendCors } from './organizations/org-backend-cors.js';
import { registerOrganizationsRoutes } from './organizations/organizations.routes.js';
import { registerPeopleRoutes } from './people/people.routes.js';
import { registerPermissionsRoutes } from './permissions/permissions.routes.js';
import { registerPlaybookRunRoutes } from './playbooks/playbook-runs.routes.js';
import { playbooksWriteHook } from './playbooks/playbooks-write.hook.js';
import { registerPropertiesRoutes } from './properties/properties.routes.js';
import { propertiesWriteHook } from './properties/properties-write.hook.js';
import { teamGrantsHook } from './rbac/team-grants.hook.js';
import { canariesWriteHook } from './rest/canaries-write.hook.js';
import { bothHooks, LINKED_RESOURCE_COLUMNS, linkedResourcesHook } from './rest/linked-resources.hook.js';
import { registerRestRoutes } from './rest/rest.routes.js';
import type { WriteHook } from './rest/write-handler.js';
import { registerSchemaRoutes } from './settings-views/schemas.routes.js';
import { specRowCheck } from './settings-views/spec-row-check.js';
import { registerSystemRoutes } from './system/system.routes.js';
import { topologiesWriteHook } from './topology/topologies-write.hook.js';
import { registerTopologyRoutes } from './topology/topology.routes.js';

/** What every module's routes may depend on. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  logger: Logger;
  version: string;
  /** The data API's access policy; set by the identity module before the other routers mount. */
  dataAccess?: DataAccessPolicy;
  /** The identity provider's mailer; the SMTP one from the configuration when absent (tests record mail). */
  mailer?: Mailer;
}

/** What a write through `/api/db` does or checks per table, beyond storing the row (see docs/data-api.md). */
const DATA_API_WRITE_HOOKS: Readonly<Record<string, WriteHook>> = {
  canaries: canariesWriteHook,
  notifications: notificationsWriteHook,
  notification_silences: silencesWriteHook,
  config_scrapers: configScrapersWriteHook,
  playbooks: playbooksWriteHook,
  properties: propertiesWriteHook,
  teams: teamGrantsHook,
  topologies: topologiesWriteHook,
  team_members: teamGrantsHook,
};

/**
 * The write hooks with, on tables whose rows name a component, config item, check or canary, the rule
 * that a writer names only ones they may read (rest/linked-resources.hook.ts), and on definitions that may
 * name connections, the same rule for connections with the saver recorded (connection-references.hook.ts).
 */
function dataApiWriteHooks(policy: DataAccessPolicy): Readonly<Record<string, WriteHook>> {
  const hooks: Record<string, WriteHook> = { ...DATA_API_WRITE_HOOKS };
  for (const [table, columns] of Object.entries(LINKED_RESOURCE_COLUMNS))
    hooks[table] = bothHooks(DATA_API_WRITE_HOOKS[table], linkedResourcesHook(policy, columns));
  for (const table of SAVED_BY_TABLES) hooks[table] = bothHooks(hooks[table], connectionReferencesHook(table));
  return hooks;
}

/** The one list of the product's routers, in mount order. */
export function registerModules(app: OpenAPIHono<AppEnv>, deps: ModuleDeps): void {
  // An organisation backend answers the console's direct-mode preflights before sign-in is asked.
  registerOrgBackendCors(app, deps.config);
  // Identity first: its middleware sets the actor and denies anonymous API calls for every router below.
  deps.dataAccess = registerIdentityModule(app, deps).access.dataAccess;
  registerSystemRoutes(app, deps);
  registerRestRoutes(app, { ...deps, checkRow: specRowCheck, writeHooks: dataApiWriteHooks(deps.dataAccess) });
  registerConnectionsRoutes(app, deps);
  registerIncidentsRoutes(app, deps);
  registerPropertiesRoutes(app, deps);
  registerAgentsRoutes(app, deps);
  registerIntegrationsRoutes(app, deps);
  registerKubeconfigRoutes(app, deps);
  registerSchemaRoutes(app, deps);
  registerHealthRoutes(app, deps);
  registerTopologyRoutes(app, deps);
  registerScraperRoutes(app, deps);
  registerCatalogApiRoutes(app, deps);
  registerPeopleRoutes(app, deps);
  registerPermissionsRoutes(app, deps);
  registerPlaybookRunRoutes(app, deps);
  registerNotificationsRoutes(app, deps);
  registerLogsRoutes(app, deps);
  if (deps.config.MC_AUTH_MODE === 'hosted') registerOrganizationsRoutes(app, deps);
}
