import { deleteSchedule } from '../../jobs/index.js';
import type { JsonRecord, WriteHook } from '../../rest/index.js';
import { PgrstError } from '../../rest/index.js';
import { canaryScheduleName } from '../runner/run-canary.job.js';
import type { CanaryRow } from './canaries.repo.js';
import { setCanarySchedule, softDeleteCanary } from './canaries.repo.js';
import { applyCanary } from './canaries.service.js';
import { CANARY_API_VERSION, canarySchedule, validateCanary } from './canary-schema.js';

function record(value: unknown): Record<string, string> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, string>) // a jsonb object column; the Canary schema checks its values
    : undefined;
}

/** The Canary document a written row describes, validated like a body of `POST /api/canaries`. */
function documentOf(row: JsonRecord) {
  const labels = record(row.labels);
  const annotations = record(row.annotations);
  const result = validateCanary({
    apiVersion: CANARY_API_VERSION,
    kind: 'Canary',
    metadata: {
      name: row.name,
      namespace: row.namespace ?? 'default',
      ...(labels ? { labels } : {}),
      ...(annotations ? { annotations } : {}),
    },
    spec: row.spec ?? {},
  });
  if (!result.ok) throw new PgrstError(400, '23514', `Invalid canary: ${result.errors.join('; ')}`);
  return result.canary;
}

/**
 * A canary written through `/api/db/canaries` (as upstream's console does) takes effect exactly as one
 * written through `/api/canaries`, in the same transaction: a live row gets its checks and schedule
 * (health's `applyCanary`), a deleted or soft-deleted one loses its schedule and its checks. Canaries
 * from watched files stay read-only here too.
 */
export const canariesWriteHook: WriteHook = async ({ images, trx }) => {
  for (const [before, after] of images) {
    if (before?.source === 'ConfigFile') {
      throw new PgrstError(
        403,
        '42501',
        `Canary '${String(before.namespace)}/${String(before.name)}' comes from a file and is read-only`,
      );
    }
    const id = String((after ?? before)?.id);
    if (after && after.deleted_at === null) {
      const doc = documentOf(after);
      await applyCanary(after as unknown as CanaryRow, doc, trx); // the row as the table stores it
      await setCanarySchedule(trx, id, canarySchedule(doc.spec));
    } else {
      if (after) await softDeleteCanary(trx, id);
      await deleteSchedule(trx, canaryScheduleName(id));
    }
  }
};
