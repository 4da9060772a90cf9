import {
  topologyQuerySchema,
  topologyResponseSchema,
  topologyRunAnswerSchema,
  topologySnapshotQuerySchema,
} from '@mc/contracts';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The topology API as `/api/openapi.json` describes it, with the schemas its services parse with. */
export const TOPOLOGY_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/canary/api/topology',
    summary:
      'Components as a tree to the asked depth, the card level filtered (status, type, owner, team, labels, hidden)',
    query: topologyQuerySchema,
    response: topologyResponseSchema,
  },
  {
    method: 'post',
    path: '/api/canary/run/topology/{id}',
    summary: 'Run Now: queue a build of the topology (answers the job id; null when one is already queued)',
    response: topologyRunAnswerSchema,
    status: 200,
  },
  {
    method: 'get',
    path: '/api/snapshot/topology/{id}',
    summary:
      'A tar archive of JSON files: the component tree, checks and results since start, and with related its configs, changes, insights and incidents',
    query: topologySnapshotQuerySchema,
  },
];
