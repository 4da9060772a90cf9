/** Query keys of the SLOs area: every SLO query starts with 'slos', so one invalidation refreshes them. */
export const sloKeys = {
  all: ['slos'] as const,
  list: (object: string) => ['slos', 'list', object] as const,
  history: (id: string) => ['slos', 'history', id] as const,
};
