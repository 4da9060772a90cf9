/**
 * The data API's side of "naming a connection needs permission to read it": a definition written through
 * `/api/db/<table>` (canaries, scrapers, topologies, playbooks, notifications, log backends) is refused with
 * 403 naming a connection its writer may not read, and with 400 naming the field when an address beside a
 * connection is not on its endpoint; otherwise the writer is recorded in `saved_by`, in the write's
 * transaction. Deletes and soft deletes name nothing new.
 */
import { AppError } from '../../platform/errors.js';
import type { WriteHook } from '../rest/index.js';
import { PgrstError } from '../rest/index.js';
import { recordSaver, type SavedByTable } from './connection-references.js';

/** The hook of one definition table. */
export function connectionReferencesHook(table: SavedByTable): WriteHook {
  return async ({ action, actor, images, trx }) => {
    if (action === 'delete') return;
    for (const [, after] of images) {
      if (!after || (after.deleted_at !== null && after.deleted_at !== undefined)) continue;
      try {
        await recordSaver(trx, { table, id: String(after.id), actor, definition: after });
      } catch (error) {
        if (error instanceof AppError && error.code === 'forbidden') throw new PgrstError(403, '42501', error.message);
        if (error instanceof AppError && error.code === 'bad_request')
          throw new PgrstError(400, '23514', error.message);
        throw error;
      }
    }
  };
}
