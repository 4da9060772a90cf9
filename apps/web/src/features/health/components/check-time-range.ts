import { LAST_RUN_AGE_HIDDEN_AFTER_MS } from '@mc/contracts';
import { DEFAULT_TIME_RANGE_OPTION, TIME_RANGE_OPTIONS } from '../../../lib/time-range-presets';

const MINUTE = 60_000;

/** The options of the modal's Time Range (001 §9): 15m … 5y. */
export const CHECK_TIME_RANGES = TIME_RANGE_OPTIONS;

/** Minutes of a time-range option; unknown values fall back to the default (1h). */
export function rangeMinutes(value: string | null | undefined): number {
  const option = TIME_RANGE_OPTIONS.find((o) => o.value === value);
  return option?.minutes ?? 60;
}

/** Whether `value` is one of the options. */
export function isTimeRangeOption(value: string | null | undefined): value is string {
  return TIME_RANGE_OPTIONS.some((o) => o.value === value);
}

/** The server-side window for an option: a duration before now in minutes ('60m'). */
export function rangeWindow(value: string): string {
  return `${rangeMinutes(value)}m`;
}

/**
 * The default range of a check (000 §9): derived from the age of its last run, the smallest option
 * from 1h up to 5y that still covers it; without a last run the second option (1h).
 */
export function defaultTimeRange(lastRuntime: string | null | undefined, now: Date = new Date()): string {
  const time = lastRuntime ? new Date(lastRuntime).getTime() : Number.NaN;
  if (Number.isNaN(time)) return DEFAULT_TIME_RANGE_OPTION;
  const ageMinutes = Math.max(0, (now.getTime() - time) / MINUTE);
  const candidates = TIME_RANGE_OPTIONS.slice(TIME_RANGE_OPTIONS.findIndex((o) => o.value === '1h'));
  const fit = candidates.find((option) => option.minutes >= ageMinutes);
  return (fit ?? candidates[candidates.length - 1])?.value ?? DEFAULT_TIME_RANGE_OPTION;
}

/** The last-run age is shown only within a week (000 §9). */
export function showLastRunAge(lastRuntime: string | null | undefined, now: Date = new Date()): boolean {
  if (!lastRuntime) return false;
  const age = now.getTime() - new Date(lastRuntime).getTime();
  return Number.isFinite(age) && age <= LAST_RUN_AGE_HIDDEN_AFTER_MS;
}
