import { chartValuesValidSchema, integrationChartListSchema, integrationChartSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The integrations API as `/api/openapi.json` describes it. */
export const INTEGRATIONS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/integrations/charts',
    summary: 'The Add Integration wizard’s GitOps charts with their default values and values schema',
    response: integrationChartListSchema,
  },
  { method: 'get', path: '/api/integrations/charts/{id}', summary: 'One chart', response: integrationChartSchema },
  {
    method: 'post',
    path: '/api/integrations/charts/{id}/validate',
    summary: 'Validate chart values (YAML) against the chart’s schema; a 400 lists the issues with their lines',
    body: z.object({ values: z.string() }),
    response: chartValuesValidSchema,
  },
];
