import { HEALTH_DASHBOARD } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestText } from '../../../lib/api/client';
import { progressiveList, useProgressiveList } from '../../../lib/api/progressive-list';
import { healthKeys } from './keys';

/** Passed and failed runs in a window (000 §3). */
export interface Uptime {
  passed: number;
  failed: number;
}

/** Latency percentiles in ms (000 §3); rolling1h is the mean of the last hour. */
export interface Latency {
  p95: number;
  p97: number;
  p99: number;
  rolling1h?: number;
}

/** One check as `/api/canary/api/summary` lists it (000 §3 Check). */
export interface CheckSummary {
  id: string;
  canary_id: string;
  canary_name: string;
  name: string;
  type: string;
  namespace: string | null;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  status: string | null;
  severity: string | null;
  owner?: string | null;
  labels: Record<string, string> | null;
  last_runtime: string | null;
  last_transition_time: string | null;
  next_runtime: string | null;
  uptime: Uptime;
  latency: Latency;
}

/** The summary answer: the field the console reads is checks_summary (001 §7). */
export interface ChecksSummaryAnswer {
  checks_summary: CheckSummary[];
}

/**
 * POST /api/canary/api/summary (001 §7): every check with uptime and latency over `start` (a duration
 * before now), optionally one check. Abortable through the query's signal.
 */
export async function fetchChecksSummary(
  body: { start: string; checkID?: string },
  signal?: AbortSignal,
): Promise<CheckSummary[]> {
  const { data } = await apiRequest<ChecksSummaryAnswer>('/api/canary/api/summary', {
    method: 'POST',
    body,
    signal,
  });
  return Array.isArray(data?.checks_summary) ? data.checks_summary : [];
}

/** The checks of a summary answer's text, the first screenful parsed ahead of the rest. */
function summaryChecks(text: string) {
  return progressiveList<CheckSummary>(text, 'checks_summary', (whole) => {
    const checks = (whole as Partial<ChecksSummaryAnswer> | null | undefined)?.checks_summary;
    return Array.isArray(checks) ? checks : [];
  });
}

/** The dashboard's summary query over its window. */
export function checksSummaryQuery(window: string = HEALTH_DASHBOARD.summaryWindow) {
  return queryOptions({
    queryKey: healthKeys.summary(window),
    queryFn: async ({ signal }) => {
      const { data } = await apiRequestText('/api/canary/api/summary', {
        method: 'POST',
        body: { start: window },
        signal,
      });
      return summaryChecks(data);
    },
    // each answer is new data: comparing 10,000 checks deeply on every refresh costs more than it saves
    structuralSharing: false,
  });
}

/**
 * The dashboard's checks: `checks` is the first screenful (`partial`) until the whole answer is read,
 * then every check (see useProgressiveList).
 */
export function useChecksSummary() {
  const query = useQuery(checksSummaryQuery());
  const { items: checks, partial, error: readError } = useProgressiveList(query.data);
  return { query, checks, partial, readError };
}
