/** Query keys of the connections: every key starts with 'connections' so one invalidation refreshes them. */
export const connectionKeys = {
  all: ['connections'] as const,
  pages: ['connections', 'page'] as const,
  page: (query: Record<string, string>) => ['connections', 'page', query] as const,
  one: (id: string) => ['connections', 'one', id] as const,
  names: () => ['connections', 'names'] as const,
};
