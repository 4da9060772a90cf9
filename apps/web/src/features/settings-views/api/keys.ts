/** Query keys of the generic resource editor: all start with 'resources' and the table. */
export const resourceKeys = {
  all: ['resources'] as const,
  table: (table: string) => ['resources', table] as const,
  list: (table: string) => ['resources', table, 'list'] as const,
  detail: (table: string, id: string) => ['resources', table, 'detail', id] as const,
};
