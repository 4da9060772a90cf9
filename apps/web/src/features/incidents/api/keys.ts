/** Query keys of the incidents area: every incident query starts with 'incidents', so one invalidation refreshes them. */
export const incidentKeys = {
  all: ['incidents'] as const,
  list: (params: Record<string, string>) => ['incidents', 'list', params] as const,
  detail: (id: string) => ['incidents', 'detail', id] as const,
  search: (text: string) => ['incidents', 'search', text] as const,
  hypotheses: (id: string) => ['incidents', 'hypotheses', id] as const,
  people: (text: string) => ['incidents', 'people', text] as const,
};
