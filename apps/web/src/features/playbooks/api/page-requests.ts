import type { EarlyRequest } from '../../../lib/api/request-parts';

/**
 * The call of the playbooks page, without React: usePlaybooks makes it, and the boot script (src/boot.ts)
 * asks for it before the console has loaded.
 */

/** The live playbooks, by category then title (at most 1000). */
export const PLAYBOOKS_LIST_REQUEST: EarlyRequest = {
  path: '/api/db/playbooks',
  options: {
    query: {
      select: 'id,name,title,icon,category,description,spec',
      deleted_at: 'is.null',
      order: 'category.asc,title.asc',
      limit: '1000',
    },
  },
};

/** What the playbooks page asks for first: the list (it has no filters in the address). */
export function playbooksPageRequests(): EarlyRequest[] {
  return [PLAYBOOKS_LIST_REQUEST];
}
