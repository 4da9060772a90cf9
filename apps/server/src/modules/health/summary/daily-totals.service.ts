import type { Database } from '@mc/db';
import { type DailyCheckTotals, selectDailyTotals } from './daily-totals.repo.js';

export type { DailyCheckTotals };

/**
 * Daily pass/fail counts and summed durations of the given checks since `from` (a day boundary), read
 * from the stored daily rollups only, so a 90-day uptime bar costs one index range per page, never a
 * scan of raw results. Status pages and badges read uptime through this (issue 33).
 */
export function dailyCheckTotals(database: Database, checkIds: string[], from: Date): Promise<DailyCheckTotals[]> {
  return selectDailyTotals(database, checkIds, from);
}
