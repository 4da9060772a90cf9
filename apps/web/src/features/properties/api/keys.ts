/** Query keys of the properties page. */
export const propertyKeys = {
  all: ['properties'] as const,
  list: () => ['properties', 'list'] as const,
};
