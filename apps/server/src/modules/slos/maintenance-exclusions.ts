/**
 * The maintenance windows an SLO leaves out of its figures: the maintenance module's spans of the SLO's
 * check or component over a range, kept when the window excludes them from uptime (the per-window
 * choice, default exclude), as the intervals the SLO arithmetic (slo-math.ts) takes — so the arithmetic
 * stays testable without a database.
 */
import type { Database } from '@mc/db';
import { maintenanceIntervals } from '../maintenance/index.js';
import type { Interval } from './slo-math.js';

/** The object an SLO is on. */
export type SloObject = { checkId: string } | { componentId: string };

/** The excluded intervals of `object` over [from, to). */
export async function exclusionsOf(database: Database, object: SloObject, from: Date, to: Date): Promise<Interval[]> {
  const spans = await maintenanceIntervals(database, object, from, to);
  return spans
    .filter((span) => span.excludeFromUptime)
    .map((span) => ({ start: span.start.getTime(), end: span.end.getTime() }));
}
