import { GENERIC_LIST_LIMIT, type JobHistoryRow, type ScraperRunAnswer, STALE_TIMES } from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { toastSuccess } from '../../../lib/toast';
import type { ScraperRow } from './catalog-types';
import { catalogKeys } from './keys';

const SCRAPER_SELECT = 'id,name,namespace,source,spec,created_at,updated_at';

/** The newest job of a scraper, as job history records it. */
export type ScraperRun = Pick<JobHistoryRow, 'id' | 'resource_id' | 'status' | 'created_at'> &
  Partial<Pick<JobHistoryRow, 'success_count' | 'error_count' | 'duration_millis' | 'details'>>;

/** How often runs are read again while one is running, so its progress shows. */
export const RUNNING_POLL_MS = 2000;

const isRunning = (run: ScraperRun) => run.status === 'RUNNING';

/** The scrapers (`/api/db/config_scrapers`), ordered by name, at most 100 (000 §9). */
export function useScrapers() {
  return useQuery({
    queryKey: catalogKeys.scrapers,
    queryFn: ({ signal }) =>
      apiGet<ScraperRow[]>('/api/db/config_scrapers', {
        signal,
        query: { select: SCRAPER_SELECT, order: 'name.asc', limit: GENERIC_LIST_LIMIT },
      }),
    staleTime: STALE_TIMES.checkHistory,
  });
}

/** The newest run of each listed scraper, from job history (one call for the page). */
export function useLastScraperRuns(ids: readonly string[]) {
  return useQuery({
    queryKey: [...catalogKeys.scrapers, 'last-runs', ids],
    queryFn: async ({ signal }) => {
      const rows = await apiGet<ScraperRun[]>('/api/db/job_history', {
        signal,
        query: {
          select: 'id,resource_id,status,success_count,error_count,duration_millis,created_at,details',
          resource_type: 'in.(config_scraper,catalog_scraper)',
          resource_id: `in.(${ids.join(',')})`,
          order: 'created_at.desc',
          limit: ids.length * 5,
        },
      });
      const newest = new Map<string, ScraperRun>();
      for (const row of rows) if (row.resource_id && !newest.has(row.resource_id)) newest.set(row.resource_id, row);
      return newest;
    },
    enabled: ids.length > 0,
    staleTime: STALE_TIMES.checkHistory,
    refetchInterval: (query) => ([...(query.state.data?.values() ?? [])].some(isRunning) ? RUNNING_POLL_MS : false),
  });
}

/** The path of Run Now for one scraper. */
export function runScraperPath(id: string): string {
  return `/api/catalog/scrapers/${encodeURIComponent(id)}/run`;
}

/** Run Now (`POST /api/catalog/scrapers/{id}/run`): queues a scrape at once; the area's queries refresh. */
export function useRunScraper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<ScraperRunAnswer>(runScraperPath(id), { method: 'POST' })).data,
    onSuccess: async (answer) => {
      toastSuccess(answer.queued ? 'Scrape started' : 'A scrape of this scraper is already under way');
      await client.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}

/** The newest runs of one scraper (job history), newest first. */
export function useScraperRuns(id: string, limit = 10) {
  return useQuery({
    queryKey: [...catalogKeys.scraper(id), 'runs', limit],
    queryFn: ({ signal }) =>
      apiGet<ScraperRun[]>('/api/db/job_history', {
        signal,
        query: {
          select: 'id,resource_id,status,success_count,error_count,duration_millis,created_at,details',
          resource_type: 'in.(config_scraper,catalog_scraper)',
          resource_id: `eq.${id}`,
          order: 'created_at.desc',
          limit,
        },
      }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? RUNNING_POLL_MS : false),
  });
}
