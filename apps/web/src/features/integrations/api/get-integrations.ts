import { type IntegrationWithStatusRow, STALE_TIMES } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { integrationKeys } from './keys';

/** The three kinds of integration `integrations_with_status` lists. */
export type IntegrationType = IntegrationWithStatusRow['integration_type'];

/** A row of `integrations_with_status`: an integration and its last job run. */
export type IntegrationRow = Omit<IntegrationWithStatusRow, 'deleted_at' | 'job_success_count' | 'job_error_count'>;

/** The columns the page shows (the view's spec column stays on the server). */
export const INTEGRATION_COLUMNS =
  'id,name,namespace,description,integration_type,source,agent_id,created_at,updated_at,job_status,job_name,job_details,job_duration_millis,job_time_start,job_time_end';

/** One page of integrations with the total (GET /api/db/integrations_with_status, count from Content-Range). */
export function integrationsPageQuery(query: Record<string, string>) {
  return queryOptions({
    queryKey: integrationKeys.page(query),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<IntegrationRow[]>('/api/db/integrations_with_status', {
        query: { select: INTEGRATION_COLUMNS, ...query },
        signal,
        count: true,
      });
      return { rows: answer.data ?? [], total: answer.total ?? answer.data?.length ?? 0 };
    },
    placeholderData: keepPreviousData,
    // the last job status moves with every scrape and build
    staleTime: STALE_TIMES.checkHistory,
  });
}

/** A page of integrations for the built query. */
export function useIntegrationsPage(query: Record<string, string>) {
  return useQuery(integrationsPageQuery(query));
}
