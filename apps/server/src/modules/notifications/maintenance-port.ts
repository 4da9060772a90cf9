/**
 * The maintenance port: maintenance windows hold notifications as silences do, but the maintenance module
 * imports this module's matcher, so this module cannot import it back. The composition root gives the
 * port at start-up (src/composition/install-ports.ts); without it no window holds anything.
 */
import type { SilenceScope } from './silence-match.js';
import type { Sql } from './sql.js';

/** A window under way at a moment, with the scope it holds. */
export interface HoldingWindow extends SilenceScope {
  id: string;
  title: string;
}

/** Answers the windows under way at `at`. */
export type ActiveMaintenance = (db: Sql, at: Date) => Promise<HoldingWindow[]>;

let port: ActiveMaintenance | undefined;

/** Gives the maintenance module's answer (called by the composition root; calling it again replaces it). */
export function provideActiveMaintenance(active: ActiveMaintenance): void {
  port = active;
}

/** The windows under way at `at` (none when no port was given). */
export function activeMaintenance(db: Sql, at: Date): Promise<HoldingWindow[]> {
  return port ? port(db, at) : Promise.resolve([]);
}
