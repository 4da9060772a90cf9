import { type PersonRow, TEAM_MESSAGES, type TeamMemberRow } from '@mc/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';
import { identityKeys } from '../../../lib/api/identity-keys';
import { toastSuccess } from '../../../lib/toast';

/** One member of a team (001 §3: id, name, email, avatar). */
export type TeamMember = Pick<PersonRow, 'id' | 'name' | 'email' | 'avatar'>;

/** GET /api/db/team_members?team_id=eq.{id} with each member's person embedded (000 §7), by name. */
export function teamMembersQuery(teamId: string) {
  return queryOptions({
    queryKey: identityKeys.teamMembers(teamId),
    queryFn: async ({ signal }): Promise<TeamMember[]> => {
      const rows = await apiGet<Array<Pick<TeamMemberRow, 'person_id' | 'person'>>>('/api/db/team_members', {
        signal,
        query: { team_id: `eq.${teamId}`, select: 'person_id,person:people(id,name,email,avatar,deleted_at)' },
      });
      return rows
        .flatMap((row) => (row.person && !row.person.deleted_at ? [row.person] : []))
        .map(({ id, name, email, avatar }) => ({ id, name, email, avatar }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled: teamId !== '',
  });
}

/** The members of one team as a query. */
export function useTeamMembers(teamId: string) {
  return useQuery(teamMembersQuery(teamId));
}

/** Joins names for the toast: 'Ada', 'Ada and Bob', 'Ada, Bob and Cy'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * POST /api/db/team_members [{team_id, person_id}] (000 §7 'add members: teamId, list of user ids'):
 * toasts '{names} added to the team successfully' and refreshes the list (a failure toasts through the query client).
 */
export function useAddTeamMembers(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (people: readonly TeamMember[]) => {
      await apiRequest('/api/db/team_members', {
        method: 'POST',
        body: people.map((person) => ({ team_id: teamId, person_id: person.id })),
        headers: { Prefer: 'return=minimal' },
      });
      return people;
    },
    onSuccess: (people) => {
      toastSuccess(TEAM_MESSAGES.added(joinNames(people.map((person) => person.name))));
      return client.invalidateQueries({ queryKey: identityKeys.teamMembers(teamId) });
    },
  });
}

/**
 * DELETE /api/db/team_members?team_id=eq.{team}&person_id=eq.{id} (000 §7, narrowed to this team so the
 * person stays in their other teams): toasts '{name} removed from team successfully'.
 */
export function useRemoveTeamMember(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (person: TeamMember) => {
      await apiRequest('/api/db/team_members', {
        method: 'DELETE',
        query: { team_id: `eq.${teamId}`, person_id: `eq.${person.id}` },
        headers: { Prefer: 'return=minimal' },
      });
      return person;
    },
    onSuccess: (person) => {
      toastSuccess(TEAM_MESSAGES.removed(person.name));
      return client.invalidateQueries({ queryKey: identityKeys.teamMembers(teamId) });
    },
  });
}
