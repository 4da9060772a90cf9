/**
 * The seam between status pages and maintenance windows (issue 33 item 2, helper F's `maintenance`
 * module). A page shows the scheduled and ongoing windows of its services; until the maintenance
 * module's face exports its interval reader, this source answers no windows and the page says
 * "No maintenance scheduled" — true of a server that cannot schedule any. Wire it here, nowhere else.
 */
import type { Database } from '@mc/db';

/** A window as a page shows it: only its title and times. */
export interface PageMaintenance {
  title: string;
  start: Date;
  end: Date;
}

/** Where a page's builder reads windows from: the services' ids and the span shown. */
export type MaintenanceSource = (
  database: Database,
  scope: { componentIds: string[]; checkIds: string[] },
  from: Date,
  to: Date,
) => Promise<PageMaintenance[]>;

/** The windows of a page's scope; none until the maintenance module exposes its intervals (see above). */
export const maintenanceOfScope: MaintenanceSource = async () => [];
