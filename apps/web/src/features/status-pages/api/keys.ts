/** Query keys of the status pages editor. */
export const statusPageKeys = {
  all: ['status-pages'] as const,
  list: () => ['status-pages', 'list'] as const,
  one: (id: string) => ['status-pages', 'one', id] as const,
};
