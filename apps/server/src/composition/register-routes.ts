import type { OpenAPIHono } from '@hono/zod-openapi';
import { registerAgentsRoutes } from '../modules/agents/index.js';
import { registerIdentityModule } from '../modules/auth/index.js';
import { registerCatalogApiRoutes, registerScraperRoutes } from '../modules/catalog/index.js';
import { connectionReferencesHook, registerConnectionsRoutes, SAVED_BY_TABLES } from '../modules/connections/index.js';
import { registerHealthRoutes } from '../modules/health/index.js';
import { registerHeartbeatsRoutes } from '../modules/heartbeats/index.js';
import { registerIncidentsRoutes } from '../modules/incidents/index.js';
import { registerIntegrationsRoutes } from '../modules/integrations/index.js';
import { registerKubeconfigRoutes } from '../modules/kubeconfig/index.js';
import { registerLogsRoutes } from '../modules/logs/index.js';
import { registerMaintenanceRoutes } from '../modules/maintenance/index.js';
import { registerNotificationsRoutes } from '../modules/notifications/index.js';
import { registerOrganizationsRoutes, registerOrgBackendCors } from '../modules/organizations/index.js';
import { registerPeopleRoutes } from '../modules/people/index.js';
import { registerPermissionsRoutes } from '../modules/permissions/index.js';
import { registerPlaybookRunRoutes } from '../modules/playbooks/index.js';
import { registerPropertiesRoutes } from '../modules/properties/index.js';
import type { CountSource, WriteHook } from '../modules/rest/index.js';
import { bothHooks, LINKED_RESOURCE_COLUMNS, linkedResourcesHook, registerRestRoutes } from '../modules/rest/index.js';
import { registerSchemaRoutes, specRowCheck } from '../modules/settings-views/index.js';
import { registerSlosRoutes } from '../modules/slos/index.js';
import { registerStatusPagesRoutes } from '../modules/status-pages/index.js';
import { registerSystemRoutes } from '../modules/system/index.js';
import { registerTopologyRoutes } from '../modules/topology/index.js';
import type { DataAccessPolicy } from '../platform/access.js';
import type { ModuleDeps } from '../platform/module-deps.js';
import type { AppEnv } from '../platform/request-context.js';
import { installPorts } from './install-ports.js';
import type { ServerModule } from './server-module.js';
import { SERVER_MODULES } from './server-modules.js';

/** The modules' per-table pieces of one kind, merged; two modules giving one for a table is a programming error. */
function byTable<T>(pick: (module: ServerModule) => Readonly<Record<string, T>> | undefined, what: string) {
  const merged: Record<string, T> = {};
  for (const module of SERVER_MODULES) {
    for (const [table, piece] of Object.entries(pick(module) ?? {})) {
      if (merged[table]) throw new Error(`Two modules give a ${what} for ${table}`);
      merged[table] = piece;
    }
  }
  return merged as Readonly<Record<string, T>>;
}

/** What a write through `/api/db` does or checks per table, beyond storing the row (see docs/data-api.md). */
const moduleWriteHooks = () => byTable<WriteHook>((module) => module.writeHooks, 'write hook');

/** The modules' exact totals by table (rest/count-sources.ts). */
const moduleCountSources = () => byTable<CountSource>((module) => module.countSources, 'count source');

/**
 * The modules' write hooks with, on tables whose rows name a component, config item, check or canary,
 * the rule that a writer names only ones they may read (rest/linked-resources.hook.ts), and on
 * definitions that may name connections, the same rule for connections with the saver recorded
 * (connection-references.hook.ts).
 */
function dataApiWriteHooks(policy: DataAccessPolicy): Readonly<Record<string, WriteHook>> {
  const own = moduleWriteHooks();
  const hooks: Record<string, WriteHook> = { ...own };
  for (const [table, columns] of Object.entries(LINKED_RESOURCE_COLUMNS))
    hooks[table] = bothHooks(own[table], linkedResourcesHook(policy, columns));
  for (const table of SAVED_BY_TABLES) hooks[table] = bothHooks(hooks[table], connectionReferencesHook(table));
  return hooks;
}

/** The one list of the product's routers, in mount order. */
export function registerModules(app: OpenAPIHono<AppEnv>, deps: ModuleDeps): void {
  installPorts();
  // An organisation backend answers the console's direct-mode preflights before sign-in is asked.
  registerOrgBackendCors(app, deps.config);
  // Identity first: its middleware sets the actor and denies anonymous API calls for every router below.
  deps.dataAccess = registerIdentityModule(app, deps).access.dataAccess;
  registerSystemRoutes(
    app,
    deps,
    SERVER_MODULES.flatMap((module) => module.apiDocs ?? []),
  );
  registerRestRoutes(app, {
    ...deps,
    checkRow: specRowCheck,
    writeHooks: dataApiWriteHooks(deps.dataAccess),
    countSources: moduleCountSources(),
  });
  registerConnectionsRoutes(app, deps);
  registerIncidentsRoutes(app, deps);
  registerPropertiesRoutes(app, deps);
  registerAgentsRoutes(app, deps);
  registerIntegrationsRoutes(app, deps);
  registerKubeconfigRoutes(app, deps);
  registerSchemaRoutes(app, deps);
  registerStatusPagesRoutes(app, deps);
  registerHealthRoutes(app, deps);
  registerHeartbeatsRoutes(app, deps);
  registerSlosRoutes(app, deps);
  registerTopologyRoutes(app, deps);
  registerScraperRoutes(app, deps);
  registerCatalogApiRoutes(app, deps);
  registerPeopleRoutes(app, deps);
  registerPermissionsRoutes(app, deps);
  registerPlaybookRunRoutes(app, deps);
  registerNotificationsRoutes(app, deps);
  registerMaintenanceRoutes(app, deps);
  registerLogsRoutes(app, deps);
  if (deps.config.MC_AUTH_MODE === 'hosted') registerOrganizationsRoutes(app, deps);
}
