-- Result keys only grow within a check (its newest run goes last), so a full leaf page of the check_results
-- primary key is never written into again: split pages are left 100% full instead of the default 90%.
ALTER INDEX check_results_pkey SET (fillfactor = 100);
