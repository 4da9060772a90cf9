import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/**
 * A row of the `event_queue_summary` view: one event name with its queue and failure figures. `pending`
 * counts events still to be delivered by the notifications consumer.
 */
export interface EventQueueSummaryRow {
  name: string;
  pending: number;
  failed: number;
  average_attempts: number | null;
  first_failure: string | null;
  last_failure: string | null;
  most_common_error: string | null;
  /** Events past their last attempt, kept with their error (migration 0080); absent before it. */
  dead_letter?: number;
}

/** The event queue per event name (GET /api/db/event_queue_summary), re-read whenever the page opens. */
export function useEventQueueSummary() {
  return useQuery({
    queryKey: ['event-queue', 'summary'],
    queryFn: ({ signal }) =>
      apiGet<EventQueueSummaryRow[]>('/api/db/event_queue_summary', { signal, query: { order: 'name.asc' } }),
    staleTime: 0,
  });
}
