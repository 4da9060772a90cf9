import {
  CATALOG_API_MESSAGES,
  CATALOG_SUMMARY_DEFAULT_SINCE,
  CATALOG_SUMMARY_MAX_SINCE_DAYS,
  type CatalogSummaryRow,
  catalogSummaryRequestSchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import type { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import { parseInput } from './catalog-input.js';
import {
  type SummaryCostRange,
  type SummaryFilter,
  type SummaryGroupRow,
  summaryFromCounters,
  summaryFromItems,
} from './catalog-summary.repo.js';
import { parseSelector, type Requirement } from './selector.js';
import { filtersNothing, parseValueFilter } from './value-filter.js';

const DAY_MS = 86_400_000;

/** The first UTC midnight of a window of `days` days ending today. */
function windowStart(since: string, now: Date, bad: string = CATALOG_API_MESSAGES.badSince): Date {
  const match = /^(\d{1,3})d$/.exec(since.trim());
  const days = match ? Number(match[1]) : Number.NaN;
  if (!(days >= 1 && days <= CATALOG_SUMMARY_MAX_SINCE_DAYS)) throw new AppError('bad_request', bad);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

function selector(field: 'labels' | 'tags', input: string): Requirement[] {
  const requirements = parseSelector(input);
  if (!requirements) throw new AppError('bad_request', CATALOG_API_MESSAGES.badSelector(field));
  return requirements;
}

/** The filters of a request, in the order upstream checks them; `filtering` when any narrows the items. */
function filterOf(req: z.output<typeof catalogSummaryRequestSchema>): { filter: SummaryFilter; filtering: boolean } {
  const filter: SummaryFilter = {
    deleted: Boolean(req.deleted),
    ...(req.type ? { type: parseValueFilter(req.type) } : {}),
    ...(req.status ? { status: parseValueFilter(req.status) } : {}),
    ...(req.health ? { health: parseValueFilter(req.health) } : {}),
    ...(req.labels ? { labels: selector('labels', req.labels) } : {}),
    ...(req.tags ? { tags: selector('tags', req.tags) } : {}),
  };
  if (req.search) filter.nameLike = `%${req.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const values = [filter.type, filter.status, filter.health].filter((f) => f !== undefined);
  const filtering =
    values.some((f) => !filtersNothing(f)) ||
    (filter.labels?.length ?? 0) > 0 ||
    (filter.tags?.length ?? 0) > 0 ||
    filter.nameLike !== undefined;
  return { filter, filtering };
}

function toRow(names: readonly string[], row: SummaryGroupRow, cost?: SummaryCostRange): CatalogSummaryRow {
  const keys = [row.g0, row.g1, row.g2];
  return {
    ...Object.fromEntries(names.map((name, i) => [name, keys[i] ?? null])),
    count: Number(row.count),
    health: row.health,
    changes: Number(row.changes),
    analysis: row.analysis,
    ...(cost ? { [`cost_${cost}`]: row.cost == null ? null : Number(row.cost) } : {}),
  };
}

/**
 * The catalog summary (`POST /api/catalog/summary`): per type — or per tag value with `groupBy` — the
 * number of items, their health counts, their changes over the last `changes.since` days (UTC days,
 * today included), their open insights by analysis type (with `analysis.since`, those last observed in
 * that window) and, with `cost` (upstream's `1h`, `1d`, `30d`),
 * their summed cost as `cost_<range>`. Without filters or cost it reads the counters the database keeps
 * (migration 0067); otherwise it aggregates the matching items.
 */
export function catalogSummaryService(database: Database) {
  return {
    async summary(body: unknown, now: Date = new Date()): Promise<CatalogSummaryRow[]> {
      const req = parseInput(catalogSummaryRequestSchema, body);
      const groupBy = req.groupBy ?? ['type'];
      const since = windowStart(req.changes?.since ?? CATALOG_SUMMARY_DEFAULT_SINCE, now);
      const analysisSince =
        req.analysis?.since === undefined
          ? undefined
          : windowStart(req.analysis.since, now, CATALOG_API_MESSAGES.badAnalysisSince);
      const { filter, filtering } = filterOf(req);
      const cost = req.cost || undefined;
      const plain =
        groupBy.length === 1 && groupBy[0] === 'type' && !filtering && !req.deleted && !cost && !analysisSince;
      const rows = plain
        ? await summaryFromCounters(database, since.toISOString().slice(0, 10))
        : await summaryFromItems(database, groupBy, filter, since, cost, analysisSince);
      return rows.map((row) => toRow(groupBy, row, cost));
    },
  };
}
