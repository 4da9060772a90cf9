/**
 * The maintenance windows an SLO leaves out of its figures. The maintenance module (issue 33 item 2)
 * answers which windows cover a check or a component over a range and whether each is excluded from
 * uptime (the per-window choice, default exclude); this adapts its answer into the intervals the SLO
 * arithmetic takes, so the arithmetic stays testable without it.
 */
import type { Database } from '@mc/db';
import type { Interval } from './slo-math.js';

/** The object an SLO is on. */
export interface SloObject {
  checkId?: string;
  componentId?: string;
}

/** Answers the excluded intervals of an object over [from, to). */
export type ExclusionSource = (database: Database, object: SloObject, from: Date, to: Date) => Promise<Interval[]>;

/** No maintenance windows: what the SLOs count when the maintenance module is absent. */
export const noExclusions: ExclusionSource = async () => [];

let source: ExclusionSource = noExclusions;

/** Installs the maintenance windows' source (the composition root, once). */
export function provideExclusions(next: ExclusionSource): void {
  source = next;
}

/** The excluded intervals of `object` over [from, to), from the installed source. */
export function exclusionsOf(database: Database, object: SloObject, from: Date, to: Date): Promise<Interval[]> {
  return source(database, object, from, to);
}
