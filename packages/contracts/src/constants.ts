/** The all-zero agent id: the local agent placeholder (spec 000 §9). */
export const NIL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** Generic resource list limit (spec 000 §9). */
export const GENERIC_LIST_LIMIT = 100;

/** Default page size of jobs and other tables (spec 000 §9). */
export const DEFAULT_TABLE_PAGE_SIZE = 150;

/** Largest page the data API returns in one answer, as upstream's PostgREST max-rows. */
export const DATA_API_MAX_ROWS = 2000;
