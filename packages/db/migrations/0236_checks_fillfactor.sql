-- Room on each page of checks for the next version of its rows (issue 32 item 2). Every stored result
-- updates its check's row (status, last_runtime, next_runtime, details_hash, last message), and none of
-- those columns is indexed, so the update can be HOT — a new version on the same page, no index touched —
-- but only when the page has room for it. Pages packed full left about 43% of these updates non-HOT, each
-- inserting into all nine indexes of checks (two of them GIN) for a change none of them sees. Pages kept
-- 70% full hold the next versions, and pruning reclaims the old ones on the same page. Existing pages
-- convert in place: rows moved by an update, and pages added from now on, are filled to 70%.
ALTER TABLE checks SET (fillfactor = 70);
