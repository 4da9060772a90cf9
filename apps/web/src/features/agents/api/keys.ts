/** Query keys of the agents page. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => ['agents', 'list'] as const,
};
