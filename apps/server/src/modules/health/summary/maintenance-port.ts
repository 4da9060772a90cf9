/**
 * The maintenance port: uptime leaves out the runs inside maintenance windows that exclude uptime (issue 33
 * item 2). The maintenance module reads this module's face, so this module cannot import it back; the
 * composition root gives the port at start-up (src/composition/install-ports.ts). Without it nothing is
 * excluded.
 */
import type { Database } from '@mc/db';

/** Runs to take out of a check's uptime. */
export interface ExcludedRunCounts {
  passed: number;
  failed: number;
}

/** For each check among `checkIds`, its runs in [from, to) inside windows that exclude uptime. */
export type UptimeExclusions = (
  database: Database,
  from: Date,
  to: Date,
  checkIds: readonly string[],
) => Promise<Map<string, ExcludedRunCounts>>;

let port: UptimeExclusions | undefined;

/** Gives the maintenance module's answer (called by the composition root; calling it again replaces it). */
export function provideUptimeExclusions(exclusions: UptimeExclusions): void {
  port = exclusions;
}

/** The runs to leave out of each check's uptime (none when no port was given or no check is asked about). */
export function uptimeExclusions(
  database: Database,
  from: Date,
  to: Date,
  checkIds: readonly string[],
): Promise<Map<string, ExcludedRunCounts>> {
  return port && checkIds.length > 0 ? port(database, from, to, checkIds) : Promise.resolve(new Map());
}

/** `uptime` less the excluded runs, never below zero. */
export function lessExcluded(
  uptime: { passed: number; failed: number },
  excluded: ExcludedRunCounts | undefined,
): { passed: number; failed: number } {
  if (!excluded) return uptime;
  return {
    passed: Math.max(0, uptime.passed - excluded.passed),
    failed: Math.max(0, uptime.failed - excluded.failed),
  };
}
