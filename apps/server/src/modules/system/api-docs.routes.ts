import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiDocumentOf } from '../../platform/openapi/api-document.js';
import { documentRoutes } from '../../platform/openapi/route-docs.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import { AGENTS_API } from '../agents/agents.openapi.js';
import { IDENTITY_API } from '../auth/identity.openapi.js';
import { CATALOG_QUERY_API } from '../catalog/api/catalog-api.openapi.js';
import { SCRAPERS_API } from '../catalog/scrapers/scrapers.openapi.js';
import { CONNECTIONS_API } from '../connections/connections.openapi.js';
import { HEALTH_API } from '../health/health.openapi.js';
import { INCIDENTS_API } from '../incidents/incidents.openapi.js';
import { INTEGRATIONS_API } from '../integrations/integrations.openapi.js';
import { KUBECONFIG_API } from '../kubeconfig/kubeconfig.openapi.js';
import { LOGS_API } from '../logs/logs.openapi.js';
import { NOTIFICATIONS_API } from '../notifications/notifications.openapi.js';
import { PEOPLE_API } from '../people/people.openapi.js';
import { PERMISSIONS_API } from '../permissions/permissions.openapi.js';
import { PLAYBOOK_RUNS_API } from '../playbooks/playbook-runs.openapi.js';
import { PROPERTIES_API } from '../properties/properties.openapi.js';
import { REST_API } from '../rest/rest.openapi.js';
import { SCHEMAS_API } from '../settings-views/schemas.openapi.js';
import { TOPOLOGY_API } from '../topology/topology.openapi.js';
import { METRICS_PATH } from './metrics.routes.js';

/** Path of the API document. */
export const API_DOCUMENT_PATH = '/api/openapi.json';

/**
 * Documents every module's routes (each module lists its own in `<domain>.openapi.ts`, with the zod
 * schemas it validates with) and serves the OpenAPI 3.1 document to signed-in callers. The document
 * is built on the first request, when every router is mounted, and kept: routes do not change
 * while the process runs.
 */
export function registerApiDocsRoutes(app: OpenAPIHono<AppEnv>, version: string): void {
  documentRoutes(app, 'identity', IDENTITY_API);
  documentRoutes(app, 'data API', REST_API);
  documentRoutes(app, 'connections', CONNECTIONS_API);
  documentRoutes(app, 'incidents', INCIDENTS_API);
  documentRoutes(app, 'properties', PROPERTIES_API);
  documentRoutes(app, 'agents', AGENTS_API);
  documentRoutes(app, 'integrations', INTEGRATIONS_API);
  documentRoutes(app, 'kubeconfig', KUBECONFIG_API);
  documentRoutes(app, 'schemas', SCHEMAS_API);
  documentRoutes(app, 'health', HEALTH_API);
  documentRoutes(app, 'topology', TOPOLOGY_API);
  documentRoutes(app, 'catalog scrapers', SCRAPERS_API);
  documentRoutes(app, 'catalog', CATALOG_QUERY_API);
  documentRoutes(app, 'people', PEOPLE_API);
  documentRoutes(app, 'permissions', PERMISSIONS_API);
  documentRoutes(app, 'notifications', NOTIFICATIONS_API);
  documentRoutes(app, 'playbooks', PLAYBOOK_RUNS_API);
  documentRoutes(app, 'logs', LOGS_API);
  documentRoutes(app, 'system', [
    {
      method: 'get',
      path: METRICS_PATH,
      summary: 'Prometheus metrics (text exposition); also served without sign-in on MC_METRICS_ADDRESS',
    },
    {
      method: 'get',
      path: API_DOCUMENT_PATH,
      summary: 'This OpenAPI 3.1 document',
      response: z.record(z.string(), z.unknown()),
    },
  ]);
  let document: ReturnType<typeof apiDocumentOf> | undefined;
  app.get(API_DOCUMENT_PATH, requireSignIn(), (c) => {
    document ??= apiDocumentOf(app, { title: 'Mission Control', version });
    return c.json(document);
  });
}
