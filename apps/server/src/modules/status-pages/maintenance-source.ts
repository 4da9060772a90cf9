/**
 * The seam between status pages and maintenance windows (issue 33 item 2): a page shows the scheduled
 * and ongoing windows covering its services, read through the maintenance module's face
 * ({@link maintenanceIntervals}, the silences' scope rule). Only a window's title and times are shown.
 */
import type { Database } from '@mc/db';
import { maintenanceIntervals } from '../maintenance/index.js';

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

/** How far back an ongoing window's start is looked for, so "started at" is its real start. */
const LOOK_BACK_MS = 86_400_000;

/** The windows covering any of the page's services between `from` and `to`, each occurrence once. */
export const maintenanceOfScope: MaintenanceSource = async (database, scope, from, to) => {
  const since = new Date(from.getTime() - LOOK_BACK_MS);
  const targets = [
    ...scope.componentIds.map((componentId) => ({ componentId })),
    ...scope.checkIds.map((checkId) => ({ checkId })),
  ];
  const found = new Map<string, PageMaintenance>();
  for (const target of targets) {
    for (const span of await maintenanceIntervals(database, target, since, to)) {
      const key = `${span.windowId}:${span.start.getTime()}`;
      if (!found.has(key)) found.set(key, { title: span.title, start: span.start, end: span.end });
    }
  }
  return [...found.values()];
};
