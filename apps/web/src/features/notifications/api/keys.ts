/** Query keys of the notifications area; invalidating `all` refreshes every notifications view. */
export const notificationKeys = {
  all: ['notifications'] as const,
  history: (filters: Record<string, string>) => ['notifications', 'history', filters] as const,
  rules: () => ['notifications', 'rules'] as const,
  rule: (id: string) => ['notifications', 'rule', id] as const,
  ruleCounts: (from: string, to: string) => ['notifications', 'rule-counts', from, to] as const,
  silences: () => ['notifications', 'silences'] as const,
  silenced: (ids: string) => ['notifications', 'silenced', ids] as const,
  preview: (body: string) => ['notifications', 'preview', body] as const,
  maintenance: () => ['notifications', 'maintenance'] as const,
};
