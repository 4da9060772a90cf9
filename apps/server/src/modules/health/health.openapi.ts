import {
  canaryListSchema,
  canaryViewSchema,
  checkArtifactListSchema,
  checkGraphSchema,
  checkLocationsSchema,
  checkRunAnswerSchema,
  checksApiResponseSchema,
  healthAboutSchema,
  healthSummaryAnswerSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';
import { canarySchema } from './canaries/canary-schema.js';
import { RUN_NOW_ROLES } from './health.routes.js';
import { checksApiQuerySchema } from './summary/checks-api.service.js';
import { summaryRequestSchema } from './summary/summary.service.js';

/** A Canary as JSON, or the same document as YAML text. */
const canaryBody = { 'application/json': canarySchema, 'application/yaml': z.string() };

/** The health API as `/api/openapi.json` describes it, with the schemas canaries and summaries parse with. */
export const HEALTH_API: readonly RouteDoc[] = [
  { method: 'get', path: '/api/canaries', summary: 'Canaries', response: canaryListSchema },
  { method: 'get', path: '/api/canaries/{id}', summary: 'One canary with its checks', response: canaryViewSchema },
  {
    method: 'post',
    path: '/api/canaries',
    summary: 'Create a canary from a Canary document (YAML or JSON); schedules its checks',
    bodyContent: canaryBody,
    response: canaryViewSchema,
    status: 201,
    errors: [409, 413],
  },
  {
    method: 'put',
    path: '/api/canaries/{id}',
    summary: 'Replace a canary’s document; its checks follow',
    bodyContent: canaryBody,
    response: canaryViewSchema,
    errors: [409, 413],
  },
  { method: 'delete', path: '/api/canaries/{id}', summary: 'Delete a canary and its schedule', status: 204 },
  {
    method: 'get',
    path: '/api/checks/{id}/locations',
    summary: 'A multi-location check’s quorum and each location’s latest result (empty for a check run from one place)',
    response: checkLocationsSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/checks/{id}/artifacts',
    summary: 'The files an exec check kept (its `artifacts`), newest first; for whoever may read the check',
    response: checkArtifactListSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/checks/{id}/artifacts/{artifactId}',
    summary:
      'Download a file an exec check kept: always an attachment, with nosniff; active types are sent as application/octet-stream',
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/canary/run/check/{id}',
    summary: 'Run one check now and store its result; for a multi-location check, ask its locations to run it (202)',
    permission: { roles: RUN_NOW_ROLES },
    response: checkRunAnswerSchema,
  },
  {
    method: 'get',
    path: '/api/canary/api/summary',
    summary: 'Checks with uptime, latency and status over a window (canary-checker’s summary)',
    query: summaryRequestSchema.extend({ labels: z.string().optional().describe('a JSON object of strings') }),
    response: healthSummaryAnswerSchema,
  },
  {
    method: 'post',
    path: '/api/canary/api/summary',
    summary: 'The same summary with its filters in the body',
    body: summaryRequestSchema,
    response: healthSummaryAnswerSchema,
  },
  {
    method: 'get',
    path: '/api/canary/api/graph',
    summary: 'One check’s results over a window, bucketed',
    query: z.object({
      check: z.string(),
      start: z.string().optional(),
      end: z.string().optional(),
      count: z.string().optional().describe('At most this many status points (1–10000); buckets widen to fit'),
    }),
    response: checkGraphSchema,
  },
  {
    method: 'get',
    path: '/api/canary/api',
    summary:
      'Checks with uptime, latency and their newest results (canary-checker’s checks API, read by a health evidence)',
    query: checksApiQuerySchema,
    response: checksApiResponseSchema,
  },
  {
    method: 'get',
    path: '/api/canary/about',
    summary: 'Runner name, version, check types and concurrency',
    response: healthAboutSchema,
  },
];
