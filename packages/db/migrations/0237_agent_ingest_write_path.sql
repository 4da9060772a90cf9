-- A cheaper write path for results pushed by agents (issue 32 item 6), where PostgreSQL was about 70% of
-- the upstream's CPU per result.
--
-- 1. Room on each page of the rollups for the next version of their rows. Every stored result updates its
--    check's hourly and daily row (counts, durations, histograms), about 120 and 2,880 times over the
--    row's life at a 30 s schedule, and none of the updated columns is indexed, so the update can be HOT
--    (a new version on the same page, no index touched) — but only when the page has room for it. Packed
--    full, nearly all of them were not: each inserted into both indexes of its table and left a dead
--    version for autovacuum. Half-full pages hold the next versions, and pruning reclaims the old ones on
--    the same page. Existing pages convert in place: rows moved by an update, and pages added from now
--    on, are filled to 50%.
ALTER TABLE check_statuses_1h SET (fillfactor = 50);
ALTER TABLE check_statuses_1d SET (fillfactor = 50);

-- 2. A push receipt no longer checks its agent row. The foreign key ran a lookup (and a row lock on the
--    agent) for every receipt, one per pushed result, about a third of the receipts' cost; the push has
--    already authenticated a live agent, and agents are deleted softly. A receipt left by an agent
--    deleted outright (the demo reset) is removed by the receipts' retention (7 days), as any other.
ALTER TABLE agent_push_receipts DROP CONSTRAINT IF EXISTS agent_push_receipts_agent_id_fkey;
