import { TEAM_MESSAGES, type TeamRow as TeamRowContract } from '@mc/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { identityKeys } from '../../../lib/api/identity-keys';
import { toastSuccess } from '../../../lib/toast';

/** A team as the teams page lists it (001 §3: the team icon defaults to "group"). */
export type TeamRow = Omit<TeamRowContract, 'spec' | 'created_by' | 'deleted_at'>;

/** The fields the team form edits. */
export interface TeamInput {
  name: string;
  icon: string;
}

/** GET /api/db/teams (000 §7), live ones by name, with member ids for the count. */
export const teamsQuery = queryOptions({
  queryKey: identityKeys.teams,
  queryFn: ({ signal }) =>
    apiGet<TeamRow[]>('/api/db/teams', {
      signal,
      query: {
        select: 'id,name,icon,source,created_at,updated_at,team_members(person_id)',
        deleted_at: 'is.null',
        order: 'name.asc',
      },
    }),
});

/** The teams list as a query. */
export function useTeams() {
  return useQuery(teamsQuery);
}

/** True when a team is managed outside the console (001 §4: source other than UI is read-only). */
export function isManagedElsewhere(team: Pick<TeamRow, 'source'>): boolean {
  return Boolean(team.source) && team.source !== 'UI';
}

/** Creates a team through the data API (POST, source UI, created_by the signed-in user); toasts and refreshes. */
export function useCreateTeam(createdBy: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TeamInput) => {
      await apiRequest('/api/db/teams', { method: 'POST', body: { ...input, source: 'UI', created_by: createdBy } });
      return input.name;
    },
    onSuccess: (name) => {
      toastSuccess(TEAM_MESSAGES.created(name));
      return client.invalidateQueries({ queryKey: identityKeys.teams });
    },
  });
}

/** The generic soft delete (001 §4): sets deleted_at; toasts '{name} deleted successfully' (001 §8). */
export function useDeleteTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (team: Pick<TeamRow, 'id' | 'name'>) => {
      await apiRequest('/api/db/teams', {
        method: 'PATCH',
        query: { id: `eq.${team.id}` },
        body: { deleted_at: new Date().toISOString() },
      });
      return team;
    },
    onSuccess: (team) => {
      toastSuccess(TEAM_MESSAGES.deleted(team.name));
      return client.invalidateQueries({ queryKey: identityKeys.teams });
    },
  });
}
