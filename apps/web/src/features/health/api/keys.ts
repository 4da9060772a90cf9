/** Query keys of the health area: every health query starts with 'health', so one invalidation refreshes them. */
export const healthKeys = {
  all: ['health'] as const,
  summary: (window: string, layout: string) => ['health', 'summary', window, layout] as const,
  check: (id: string, window: string) => ['health', 'check', id, window] as const,
  graph: (id: string, window: string) => ['health', 'graph', id, window] as const,
  spec: (id: string) => ['health', 'spec', id] as const,
  relationships: (id: string) => ['health', 'relationships', id] as const,
  locations: (id: string) => ['health', 'locations', id] as const,
  artifacts: (id: string) => ['health', 'artifacts', id] as const,
  heartbeat: (id: string) => ['health', 'heartbeat', id] as const,
  maintenance: (id: string, minutes: number) => ['health', 'maintenance', id, minutes] as const,
  history: (id: string, params: Record<string, string | number>) => ['health', 'history', id, params] as const,
};
