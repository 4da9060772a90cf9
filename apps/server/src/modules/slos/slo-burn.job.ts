/**
 * The burn-rate evaluation: every minute (one run across replicas — a schedule of the job queue), each
 * live SLO's multi-window burn rates are measured; an alert that starts firing queues one
 * `slo.burn_rate` event, which the notification rules deliver like any other. The alert's state is kept
 * (slo_burn_alerts), so a burning SLO raises its event once, and again only after it stopped firing.
 */
import { SLO_BURN_EVENT, SLO_EVALUATION_SCHEDULE } from '@mc/contracts';
import type { Database } from '@mc/db';
import { z } from 'zod';
import { defineJob } from '../jobs/index.js';
import { measureBurn } from './slo-measure.js';
import { slosRepo } from './slos.repo.js';
import { checksOf } from './slos.service.js';

const BATCH = 100;

/** Evaluates every live SLO once; answers how many were evaluated and how many alerts started firing. */
export async function evaluateBurnRates(
  database: Database,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<{ evaluated: number; fired: number }> {
  const repo = slosRepo(database);
  let evaluated = 0;
  let fired = 0;
  for (let after: string | null = null; ; ) {
    const batch = await repo.liveBatch(after, BATCH);
    for (const slo of batch) {
      if (signal?.aborted) return { evaluated, fired };
      const alerts = await measureBurn(slo, { database, checkIds: await checksOf(database, slo), now });
      const before = new Map((await repo.alerts(slo.id)).map((row) => [row.alert, row.firing]));
      for (const alert of alerts) {
        await repo.saveAlert(slo.id, {
          name: alert.name,
          firing: alert.firing,
          longRate: alert.long_rate,
          shortRate: alert.short_rate,
        });
        if (alert.firing && !before.get(alert.name)) {
          fired += 1;
          await repo.queueEvent(SLO_BURN_EVENT, {
            id: slo.id,
            alert: alert.name,
            severity: alert.severity,
            factor: alert.factor,
            long_window: `${alert.long_minutes}m`,
            short_window: `${alert.short_minutes}m`,
            long_rate: alert.long_rate === null ? null : Number(alert.long_rate.toFixed(2)),
            short_rate: alert.short_rate === null ? null : Number(alert.short_rate.toFixed(2)),
            at: now.toISOString(),
          });
        }
      }
      evaluated += 1;
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]?.id ?? null;
  }
  return { evaluated, fired };
}

/** The scheduled evaluation job. */
export const sloBurnRateJob = defineJob({
  name: 'slo_burn_rate',
  payload: z.object({}),
  maxAttempts: 1,
  timeoutMs: 5 * 60_000,
  resourceType: 'slo',
  schedule: { schedule: SLO_EVALUATION_SCHEDULE, payload: {} },
  async handler({ deps, signal }) {
    const { evaluated, fired } = await evaluateBurnRates(deps.database, new Date(), signal);
    return { successCount: evaluated, details: { summary: { evaluated, fired } } };
  },
});
