/** Query keys of the integrations area. */
export const integrationKeys = {
  all: ['integrations'] as const,
  charts: () => ['integrations', 'charts'] as const,
  page: (query: Record<string, string>) => ['integrations', 'page', query] as const,
};
