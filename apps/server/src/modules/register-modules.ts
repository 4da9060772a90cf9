import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { AppEnv } from '../platform/request-context.js';
import { registerAgentsRoutes } from './agents/agents.routes.js';
import { registerConnectionsRoutes } from './connections/connections.routes.js';
import { registerPropertiesRoutes } from './properties/properties.routes.js';
import { registerSystemRoutes } from './system/system.routes.js';

/** What every module's routes may depend on. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  logger: Logger;
  version: string;
}

/** The one list of the product's routers, in mount order. */
export function registerModules(app: OpenAPIHono<AppEnv>, deps: ModuleDeps): void {
  registerSystemRoutes(app, deps);
  registerConnectionsRoutes(app, deps);
  registerPropertiesRoutes(app, deps);
  registerAgentsRoutes(app, deps);
}
