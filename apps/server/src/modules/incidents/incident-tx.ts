import type { Tables } from '@mc/db';
import type { Kysely, Transaction } from 'kysely';
import { type AuditRecord, recordAuditIn } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/request-context.js';
import { toAppError } from './incident-input.js';
import { setHistoryActor } from './incidents.repo.js';

/** Who asks and under which request: every incident write carries it into its transaction and audit row. */
export interface WriteContext {
  actor: Actor;
  requestId?: string | null;
}

/** A write inside the incident transaction: returns its result and the audit records it changed. */
export type TxWork<T> = (trx: Transaction<Tables>, personId: string) => Promise<{ result: T; records: AuditRecord[] }>;

/** The person behind a write; incident rows need a `created_by`, so anonymous and system callers are refused. */
export function personOf(actor: Actor): string {
  if (actor.kind !== 'person') throw new AppError('forbidden', 'Incident changes need a signed-in person');
  return actor.id;
}

/**
 * Runs one incident write atomically: sets `mc.actor_id` for the history triggers (who did it),
 * runs the work, and writes its audit row in the same transaction, so a failed step leaves nothing.
 */
export async function inIncidentTx<T>(
  db: Kysely<Tables>,
  ctx: WriteContext,
  audit: { action: string; target: string },
  work: TxWork<T>,
): Promise<T> {
  const personId = personOf(ctx.actor);
  try {
    return await db.transaction().execute(async (trx) => {
      await setHistoryActor(trx, personId);
      const { result, records } = await work(trx, personId);
      await recordAuditIn(trx, {
        actor: ctx.actor,
        action: audit.action,
        target: audit.target,
        requestId: ctx.requestId,
        records,
      });
      return result;
    });
  } catch (error) {
    throw toAppError(error);
  }
}
