/** Query keys of the topology area: every topology query starts with 'topology', so one invalidation refreshes them. */
export const topologyKeys = {
  all: ['topology'] as const,
  tree: (params: Record<string, string>) => ['topology', 'tree', params] as const,
  tab: (tab: string, id: string) => ['topology', 'tab', tab, id] as const,
};
