/**
 * A topology written through `/api/db/topologies` (the console's Topology form and resource editor, as
 * upstream's console does) takes effect as one saved any other way, in the same transaction: a live row's
 * spec is validated (400 naming the problem) and the topology is scheduled with a first build queued; a
 * deleted or soft-deleted one loses its schedule and its components. Topologies from files or the
 * system are read-only here, and no write may claim one of those sources.
 */
import { AppError } from '../../platform/errors.js';
import type { WriteHook } from '../rest/index.js';
import { PgrstError } from '../rest/index.js';
import { scheduleTopology, unscheduleTopology } from './topology-schedule.js';
import { parseTopologySpec } from './topology-spec.js';

const READ_ONLY_SOURCES = new Set(['ConfigFile', 'System']);

function asPgrst(error: unknown): unknown {
  if (error instanceof AppError && error.code === 'bad_request') return new PgrstError(400, '23514', error.message);
  return error;
}

/** The data API's hook of the topologies table. */
export const topologiesWriteHook: WriteHook = async ({ images, trx }) => {
  for (const [before, after] of images) {
    const source = String(before?.source ?? '');
    if (before && READ_ONLY_SOURCES.has(source)) {
      throw new PgrstError(
        403,
        '42501',
        `Topology '${String(before.namespace)}/${String(before.name)}' comes from ${source === 'System' ? 'the server itself' : 'a file'} and is read-only`,
      );
    }
    const claimed = String(after?.source ?? '');
    if (after && READ_ONLY_SOURCES.has(claimed) && claimed !== source) {
      throw new PgrstError(
        403,
        '42501',
        `A topology of source ${claimed} is made by the server (${claimed === 'System' ? 'itself' : 'MC_TOPOLOGY_DIR files'}), not through the API`,
      );
    }
    const id = String((after ?? before)?.id);
    try {
      if (after && after.deleted_at === null) {
        const spec = parseTopologySpec(after.spec);
        // The schedule is the spec's (canary-checker's place for it), else the row's column.
        const schedule = spec.schedule ?? (typeof after.schedule === 'string' ? after.schedule : undefined);
        await scheduleTopology(trx, id, { ...spec, ...(schedule ? { schedule } : {}) });
      } else {
        await unscheduleTopology(trx, id);
      }
    } catch (error) {
      throw asPgrst(error);
    }
  }
};
