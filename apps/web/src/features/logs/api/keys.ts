/** Query keys of the logs area. */
export const logKeys = {
  all: ['logs'] as const,
  backends: () => ['logs', 'backends'] as const,
  targets: () => ['logs', 'targets'] as const,
  search: (request: unknown) => ['logs', 'search', request] as const,
};
