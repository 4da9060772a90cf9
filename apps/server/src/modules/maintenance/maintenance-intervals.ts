/**
 * Maintenance as other modules read it: the spans a check or component was (or will be) in maintenance
 * over a range, the windows under way now (which hold notifications), and the runs each check made inside
 * windows that leave uptime out — so uptime is the rollups' totals minus those runs.
 */
import type { Database } from '@mc/db';
import type { HoldingWindow } from '../notifications/index.js';
import { checkRunCounts, type Sql, type WindowRow, windowsOverlapping } from './maintenance.repo.js';
import { coveredChecks, windowCovers } from './maintenance-scope.js';
import { type Occurrence, occurrencesBetween } from './recurrence.js';

/** One span in maintenance. */
export interface MaintenanceInterval {
  start: Date;
  end: Date;
  /** The window's choice: true when uptime and SLO figures leave this span out. */
  excludeFromUptime: boolean;
  title: string;
  windowId: string;
}

/** The object whose maintenance is asked for. */
export type MaintenanceTarget =
  | { checkId: string; componentId?: undefined }
  | { componentId: string; checkId?: undefined };

const timingOf = (row: WindowRow) => ({
  startsAt: new Date(row.starts_at),
  durationMinutes: row.duration_minutes,
  timezone: row.timezone,
  rrule: row.rrule,
});

/** The window's occurrences overlapping [from, to), whole. */
export function occurrencesOf(row: WindowRow, from: Date, to: Date): Occurrence[] {
  return occurrencesBetween(timingOf(row), from, to);
}

/** The window's occurrences overlapping [from, to), clipped to it. */
export function clippedOccurrences(row: WindowRow, from: Date, to: Date): Occurrence[] {
  return occurrencesBetween(timingOf(row), from, to).map((occurrence) => ({
    start: new Date(Math.max(occurrence.start.getTime(), from.getTime())),
    end: new Date(Math.min(occurrence.end.getTime(), to.getTime())),
  }));
}

/**
 * The spans in [from, to) during which the check or component is in a maintenance window covering it
 * (the silences' scope rule), clipped to the range and ordered by start; overlapping windows each give
 * their own spans. Status pages, SLOs and the check modal read this.
 */
export async function maintenanceIntervals(
  database: Database | Sql,
  target: MaintenanceTarget,
  from: Date,
  to: Date,
): Promise<MaintenanceInterval[]> {
  if (!(from < to)) return [];
  const db = 'pool' in database ? database.pool : database;
  const resource = target.checkId
    ? ({ kind: 'check', id: target.checkId } as const)
    : ({ kind: 'component', id: target.componentId as string } as const); // one of the two is set
  const out: MaintenanceInterval[] = [];
  for (const row of await windowsOverlapping(db, from, to)) {
    const spans = clippedOccurrences(row, from, to);
    if (spans.length === 0 || !(await windowCovers(db, row, resource))) continue;
    for (const span of spans) {
      out.push({ ...span, excludeFromUptime: row.exclude_from_uptime, title: row.title, windowId: row.id });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The windows with an occurrence under way at `at`, as holds for the notification consumer. */
export async function activeWindows(db: Sql, at: Date): Promise<HoldingWindow[]> {
  const next = new Date(at.getTime() + 1);
  const rows = await windowsOverlapping(db, at, next);
  return rows
    .filter((row) => occurrencesBetween(timingOf(row), at, next).length > 0)
    .map((row) => ({
      id: row.id,
      title: row.title,
      check_id: row.check_id,
      canary_id: row.canary_id,
      component_id: row.component_id,
      config_id: row.config_id,
      recursive: row.recursive,
      filter: row.filter,
    }));
}

/** Merges overlapping spans. */
function merge(spans: Occurrence[]): Occurrence[] {
  const sorted = [...spans].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Occurrence[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end) last.end = new Date(Math.max(last.end.getTime(), span.end.getTime()));
    else out.push({ ...span });
  }
  return out;
}

/** Runs (passed and failed) to take out of a check's uptime. */
export interface ExcludedRuns {
  passed: number;
  failed: number;
}

/**
 * For each check among `checkIds` (null: any a targeted window reaches), the runs it made in [from, to)
 * inside windows that exclude uptime — overlapping windows counted once. Checks with none are absent.
 */
export async function excludedRuns(
  db: Sql,
  from: Date,
  to: Date,
  checkIds: readonly string[] | null,
): Promise<Map<string, ExcludedRuns>> {
  const result = new Map<string, ExcludedRuns>();
  if (checkIds?.length === 0 || !(from < to)) return result;
  const spansByCheck = new Map<string, Occurrence[]>();
  for (const row of await windowsOverlapping(db, from, to)) {
    if (!row.exclude_from_uptime) continue;
    const spans = clippedOccurrences(row, from, to);
    if (spans.length === 0) continue;
    for (const id of await coveredChecks(db, row, checkIds)) {
      spansByCheck.set(id, [...(spansByCheck.get(id) ?? []), ...spans]);
    }
  }
  // checks sharing the same merged spans are counted by one query per span
  const bySpan = new Map<string, { span: Occurrence; checks: string[] }>();
  for (const [id, spans] of spansByCheck) {
    for (const span of merge(spans)) {
      const key = `${span.start.getTime()}-${span.end.getTime()}`;
      const entry = bySpan.get(key) ?? { span, checks: [] };
      entry.checks.push(id);
      bySpan.set(key, entry);
    }
  }
  for (const { span, checks } of bySpan.values()) {
    for (const row of await checkRunCounts(db, checks, span.start, span.end)) {
      const total = result.get(row.check_id) ?? { passed: 0, failed: 0 };
      result.set(row.check_id, { passed: total.passed + row.passed, failed: total.failed + row.failed });
    }
  }
  return result;
}
