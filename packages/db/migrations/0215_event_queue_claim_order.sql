-- The notification consumer claims events in (priority DESC, id) order, the oldest live event per resource
-- (event-queue.repo.ts). Without an index in that order every claim read and sorted the whole queue and
-- ran its per-resource NOT EXISTS as a hash anti join of the queue with itself: 7.4 s per claim of 50 with
-- 50,000 events waiting, so a backlog made the consumer slower the longer it grew (issue 32 item 5: 3.6
-- deliveries/s at 100 events/s). Walking this index the claim stops after its limit: 20 ms at 50,000.
CREATE INDEX event_queue_priority_id_idx ON event_queue (priority DESC, id);
