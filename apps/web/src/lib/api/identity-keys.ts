/**
 * Query keys of the people, teams and permissions pages. Everything starts with 'identity', so a
 * role change or a deleted person refreshes member lists and permission subjects too.
 */
export const identityKeys = {
  all: ['identity'] as const,
  people: ['identity', 'people'] as const,
  teams: ['identity', 'teams'] as const,
  teamMembers: (teamId: string) => ['identity', 'teams', teamId, 'members'] as const,
  permissions: (params: Record<string, unknown>) => ['identity', 'permissions', params] as const,
};
