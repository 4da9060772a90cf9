/**
 * The planner's cost of a random page read for every session, PostgreSQL's and PGlite's. PostgreSQL's
 * default 4 models a spinning disk; with it, a LIMIT page over check_statuses' packed hours planned a
 * full decode and sort of every block of the check (20+ ms) instead of reading the newest blocks by
 * index (under 1 ms). 1.1 is the usual value for SSDs and for data held in memory.
 */
export const RANDOM_PAGE_COST = 1.1;
