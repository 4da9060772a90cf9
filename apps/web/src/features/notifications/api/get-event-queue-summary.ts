import type { EventQueueSummaryRow } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** A row of the `event_queue_summary` view: one event name with its queue and failure figures. */
export type { EventQueueSummaryRow };

/** The event queue per event name (GET /api/db/event_queue_summary), re-read whenever the page opens. */
export function useEventQueueSummary() {
  return useQuery({
    queryKey: ['event-queue', 'summary'],
    queryFn: ({ signal }) =>
      apiGet<EventQueueSummaryRow[]>('/api/db/event_queue_summary', { signal, query: { order: 'name.asc' } }),
    staleTime: 0,
  });
}
