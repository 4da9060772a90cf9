/** Query keys of the catalog area: all start with 'catalog', so one invalidation refreshes the area. */
export const catalogKeys = {
  all: ['catalog'] as const,
  summary: (filters: unknown) => ['catalog', 'summary', filters] as const,
  list: (filters: unknown) => ['catalog', 'list', filters] as const,
  options: (name: string) => ['catalog', 'options', name] as const,
  item: (id: string) => ['catalog', 'item', id] as const,
  document: (id: string) => ['catalog', 'document', id] as const,
  changes: (request: unknown) => ['catalog', 'changes', request] as const,
  change: (id: string) => ['catalog', 'change', id] as const,
  insights: (filters: unknown) => ['catalog', 'insights', filters] as const,
  related: (id: string, params: unknown) => ['catalog', 'related', id, params] as const,
  checks: (id: string) => ['catalog', 'checks', id] as const,
  scrapers: ['catalog', 'scrapers'] as const,
  scraper: (id: string) => ['catalog', 'scrapers', id] as const,
};
