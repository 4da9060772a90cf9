import { type IntegrationChart as IntegrationChartContract, STALE_TIMES } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import type { JsonSchemaNode } from '../components/values-completion';
import { integrationKeys } from './keys';

/** A GitOps chart of the Add Integration wizard, as `GET /api/integrations/charts` describes it. */
export type IntegrationChart = Omit<IntegrationChartContract, 'schema'> & { schema: JsonSchemaNode };

/** The charts with their defaults and values schemas; they change only with a server release. */
export const chartsQuery = queryOptions({
  queryKey: integrationKeys.charts(),
  queryFn: ({ signal }) => apiGet<IntegrationChart[]>('/api/integrations/charts', { signal }),
  staleTime: STALE_TIMES.default,
});

/** The wizard's charts. */
export function useCharts() {
  return useQuery(chartsQuery);
}
