import { STALE_TIMES } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { integrationKeys } from './keys';

/** The three kinds of integration `integrations_with_status` lists. */
export type IntegrationType = 'scrapers' | 'topologies' | 'logging_backends';

/** A row of `integrations_with_status`: an integration and its last job run. */
export interface IntegrationRow {
  id: string;
  name: string;
  namespace: string | null;
  description: string | null;
  integration_type: IntegrationType;
  source: string | null;
  agent_id: string;
  created_at: string;
  updated_at: string;
  job_status: string | null;
  job_name: string | null;
  job_details: unknown;
  job_duration_millis: number | null;
  job_time_start: string | null;
  job_time_end: string | null;
}

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
