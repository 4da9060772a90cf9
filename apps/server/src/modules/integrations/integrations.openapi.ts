import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

const chartSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  chart: z.string(),
  repositoryName: z.string(),
  repositoryUrl: z.string(),
  releaseName: z.string(),
  defaultNamespace: z.string(),
  note: z.string().optional(),
  defaults: z.record(z.string(), z.unknown()),
  schema: z.record(z.string(), z.unknown()),
});

/** The integrations API as `/api/openapi.json` describes it. */
export const INTEGRATIONS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/integrations/charts',
    summary: 'The Add Integration wizard’s GitOps charts with their default values and values schema',
    response: z.array(chartSchema),
  },
  { method: 'get', path: '/api/integrations/charts/{id}', summary: 'One chart', response: chartSchema },
  {
    method: 'post',
    path: '/api/integrations/charts/{id}/validate',
    summary: 'Validate chart values (YAML) against the chart’s schema; a 400 lists the issues with their lines',
    body: z.object({ values: z.string() }),
    response: z.object({ valid: z.literal(true), values: z.unknown() }),
  },
];
