import { type InviteUserInput, type InviteUserResult, USER_MESSAGES } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { identityKeys } from '../../../lib/api/identity-keys';
import { toastSuccess } from '../../../lib/toast';
import type { PersonRow } from './people';

/**
 * POST /api/auth/invite_user {firstName, lastName, email, role} (000 §7): the server creates the person
 * and mails a registration link — or, when it could not (no SMTP), answers the link for the dialog to show
 * (no toast then). Refreshes the people list; failures toast through the query client.
 */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: InviteUserInput) =>
      (await apiRequest<InviteUserResult>('/api/auth/invite_user', { method: 'POST', body: input })).data,
    onSuccess: (invited) => {
      if (invited.mailed) toastSuccess(USER_MESSAGES.invited(invited.email));
      return client.invalidateQueries({ queryKey: identityKeys.all });
    },
  });
}

/** POST /api/rbac/{id}/update_role {role} (upstream path): toasts '{name} updated successfully'. */
export function useUpdateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ person, role }: { person: PersonRow; role: string }) => {
      await apiRequest(`/api/rbac/${encodeURIComponent(person.id)}/update_role`, { method: 'POST', body: { role } });
      return person;
    },
    onSuccess: (person) => {
      toastSuccess(USER_MESSAGES.roleChanged(person.name));
      return client.invalidateQueries({ queryKey: identityKeys.all });
    },
  });
}

/** DELETE /api/people/{id} (000 §7): toasts '{name} deleted successfully' (001 §8). */
export function useDeletePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (person: PersonRow) => {
      await apiRequest(`/api/people/${encodeURIComponent(person.id)}`, { method: 'DELETE' });
      return person;
    },
    onSuccess: (person) => {
      toastSuccess(USER_MESSAGES.deleted(person.name));
      return client.invalidateQueries({ queryKey: identityKeys.all });
    },
  });
}
