import type { PeopleRolesRow } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { identityKeys } from '../../../lib/api/identity-keys';

/** A person as the users page and the member pickers show them (`people_roles`, teams excluded). */
export type PersonRow = Pick<
  PeopleRolesRow,
  'id' | 'name' | 'email' | 'avatar' | 'roles' | 'last_login' | 'created_at'
>;

/** GET /api/db/people_roles: every person with their roles, by name (000 §7 `GET /people_roles`). */
export const peopleQuery = queryOptions({
  queryKey: identityKeys.people,
  queryFn: ({ signal }) =>
    apiGet<PersonRow[]>('/api/db/people_roles', {
      signal,
      query: { select: 'id,name,email,avatar,roles,last_login,created_at', order: 'name.asc' },
    }),
});

/** The people list as a query. */
export function usePeople() {
  return useQuery(peopleQuery);
}
