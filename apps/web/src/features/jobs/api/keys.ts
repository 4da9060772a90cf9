/** Query keys of the job history: every key starts with 'job-history' so one invalidation refreshes them. */
export const jobHistoryKeys = {
  all: ['job-history'] as const,
  page: (query: Record<string, string | string[]>) => ['job-history', 'page', query] as const,
  names: () => ['job-history', 'names'] as const,
};
