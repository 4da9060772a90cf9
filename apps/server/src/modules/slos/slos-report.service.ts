/**
 * The SLO report of a calendar month (UTC): each SLO the caller may read with its runs, measured level,
 * budget used and whether it met its target over the month, maintenance windows left out — as JSON for
 * the console, or as a CSV download (RFC 4180 quoting; a cell that a spreadsheet would run as a formula
 * is prefixed with an apostrophe).
 */
import {
  SLO_MAX_PAGE_SIZE,
  SLO_REPORT_COLUMNS,
  type SloReport,
  type SloReportRow,
  sloReportQuerySchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import type { ResourceReach } from '../../platform/resource-visibility.js';
import { budgetFigures } from './slo-math.js';
import { measurePeriod } from './slo-measure.js';
import { type SloRow, slosRepo } from './slos.repo.js';
import { checksOf, parseOr400 } from './slos.service.js';

/** One CSV cell, quoted when needed and defused when it would start a formula. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as CSV text, one line per SLO under the header. */
export function reportCsv(report: SloReport): string {
  const lines = [SLO_REPORT_COLUMNS.join(',')];
  for (const row of report.rows) {
    lines.push(
      [
        report.period,
        row.id,
        row.name,
        row.target_name,
        row.kind,
        row.target,
        row.good,
        row.bad,
        row.total,
        row.sli,
        row.budget_used,
        row.excluded_minutes,
        row.met === null ? null : row.met ? 'yes' : 'no',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The report's service over one database. */
export function slosReportService(database: Database, now: () => Date = () => new Date()) {
  const repo = slosRepo(database);
  const rowOf = async (slo: SloRow, from: number, to: number): Promise<SloReportRow> => {
    const ctx = { database, checkIds: await checksOf(database, slo), now: now() };
    const { good, bad, excludedMinutes } = await measurePeriod(slo, ctx, from, to);
    const figures = budgetFigures(good, bad, Number(slo.target));
    return {
      id: slo.id,
      name: slo.name,
      target_name: slo.target_name,
      kind: slo.kind,
      target: Number(slo.target),
      good: round(good, 2),
      bad: round(bad, 2),
      total: round(good + bad, 2),
      sli: figures.sli === null ? null : round(figures.sli, 4),
      budget_used: round(100 - figures.budgetRemaining, 2),
      excluded_minutes: excludedMinutes,
      met: figures.sli === null ? null : figures.sli >= Number(slo.target),
    };
  };
  return {
    async report(
      reach: ResourceReach,
      query: unknown,
    ): Promise<{ format: 'json' | 'csv'; report: SloReport; csv: string }> {
      const q = parseOr400(sloReportQuerySchema, query);
      const [year, month] = q.period.split('-').map(Number) as [number, number];
      const from = Date.UTC(year, month - 1, 1);
      const to = Date.UTC(year, month, 1);
      const rows: SloReportRow[] = [];
      for (let offset = 0; ; offset += SLO_MAX_PAGE_SIZE) {
        const page = await repo.list(reach, { limit: SLO_MAX_PAGE_SIZE, offset });
        for (const slo of page.rows) rows.push(await rowOf(slo, from, to));
        if (page.rows.length < SLO_MAX_PAGE_SIZE) break;
      }
      const report: SloReport = {
        period: q.period,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        rows,
      };
      return { format: q.format, report, csv: q.format === 'csv' ? reportCsv(report) : '' };
    },
  };
}
