import type { CheckSummary, HealthSummary } from '@mc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest, apiRequestText } from '../../../lib/api/client';
import { useProgressiveList } from '../../../lib/api/progressive-list';
import type { TimeRange } from '../../../lib/time-range';
import { healthKeys } from './keys';
import { type SummaryLayout, summaryRequest } from './page-requests';
import { type SummaryChecks, summaryChecks } from './summary-checks';
import { summaryWindowKey } from './summary-window';

/** Passed and failed runs in a window (000 §3). */
export type Uptime = CheckSummary['uptime'];

/** Latency percentiles in ms (000 §3); rolling1h is the mean of the last hour. */
export type Latency = CheckSummary['latency'];

/** One check as `/api/canary/api/summary` lists it (000 §3 Check). */
export type { CheckSummary };

/** The summary answer: the field the console reads is checks_summary (001 §7). */
export type ChecksSummaryAnswer = Pick<HealthSummary, 'checks_summary'>;

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

/**
 * The dashboard's summary query over the picked range (the trailing hour without one), read in `layout`
 * (page-requests.ts); the window is resolved when the request leaves, so a refresh of "Today so far" reads
 * up to the new now.
 */
export function checksSummaryQuery(range: TimeRange | undefined, layout: SummaryLayout) {
  return queryOptions({
    queryKey: healthKeys.summary(summaryWindowKey(range), layout),
    queryFn: async ({ signal }) => {
      const request = summaryRequest(range, layout);
      const { data } = await apiRequestText(request.path, { ...request.options, signal });
      return summaryChecks(data);
    },
    // each answer is new data: comparing 10,000 checks deeply on every refresh costs more than it saves
    structuralSharing: false,
  });
}

/** Every check of an answer read whole, or the reason it could not be read. */
function readWhole(answer: SummaryChecks): { checks?: CheckSummary[]; error?: unknown } {
  try {
    return { checks: answer.whole() };
  } catch (error) {
    return { error };
  }
}

/**
 * The dashboard's checks over `range`: `checks` is the first screenful (`partial`) until the whole answer
 * is read, then every check (see useProgressiveList). With `whole` (a view that draws nothing before it has
 * every check) the summary is asked for as columns and read whole as it arrives (a server answering rows
 * is read in one parse): no first screenful, no slices. A new range or layout keeps the last answer on
 * screen while its own loads (the refresh button spins), and the request of the range left behind is
 * aborted.
 */
export function useChecksSummary(range: TimeRange | undefined, whole: boolean) {
  const query = useQuery({
    ...checksSummaryQuery(range, whole ? 'columns' : 'rows'),
    placeholderData: keepPreviousData,
  });
  const answer = query.data;
  const read = useMemo(() => (whole && answer && !answer.complete ? readWhole(answer) : undefined), [whole, answer]);
  const progressive = useProgressiveList(read ? undefined : answer);
  if (read) return { query, checks: read.checks, partial: false, readError: read.error };
  return { query, checks: progressive.items, partial: progressive.partial, readError: progressive.error };
}
