import {
  CATALOG_API_MESSAGES,
  CATALOG_SUMMARY_DEFAULT_SINCE,
  CATALOG_SUMMARY_MAX_SINCE_DAYS,
  type CatalogSummaryRow,
  catalogSummaryRequestSchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { type RawBuilder, sql } from 'kysely';
import { AppError } from '../../../platform/errors.js';
import { parseInput } from './catalog-input.js';
import { type SummaryGroupRow, summaryFromCounters, summaryFromItems } from './catalog-summary.repo.js';
import { parseSelector, selectorSql } from './selector.js';
import { parseValueFilter, valueFilterSql } from './value-filter.js';

const DAY_MS = 86_400_000;

/** The first UTC midnight of a window of `days` days ending today. */
function windowStart(since: string, now: Date): Date {
  const match = /^(\d{1,3})d$/.exec(since.trim());
  const days = match ? Number(match[1]) : Number.NaN;
  if (!(days >= 1 && days <= CATALOG_SUMMARY_MAX_SINCE_DAYS))
    throw new AppError('bad_request', CATALOG_API_MESSAGES.badSince);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

function selector(field: 'labels' | 'tags', input: string): RawBuilder<unknown>[] {
  const requirements = parseSelector(input);
  if (!requirements) throw new AppError('bad_request', CATALOG_API_MESSAGES.badSelector(field));
  return selectorSql([field === 'labels' ? sql`ci.labels` : sql`ci.tags`], requirements);
}

function toRow(names: readonly string[], row: SummaryGroupRow): CatalogSummaryRow {
  const keys = [row.g0, row.g1, row.g2];
  return {
    ...Object.fromEntries(names.map((name, i) => [name, keys[i] ?? null])),
    count: Number(row.count),
    health: row.health,
    changes: Number(row.changes),
    analysis: row.analysis,
  };
}

/**
 * The catalog summary (`POST /api/catalog/summary`): per type — or per tag value with `groupBy` — the
 * number of items, their health counts, their changes over the last `changes.since` days (UTC days,
 * today included) and their open insights by analysis type. Without filters it reads the counters the
 * database keeps (migration 0067); with filters it aggregates the matching items.
 */
export function catalogSummaryService(database: Database) {
  return {
    async summary(body: unknown, now: Date = new Date()): Promise<CatalogSummaryRow[]> {
      const req = parseInput(catalogSummaryRequestSchema, body);
      const groupBy = req.groupBy ?? ['type'];
      const since = windowStart(req.changes?.since ?? CATALOG_SUMMARY_DEFAULT_SINCE, now);
      const where: RawBuilder<unknown>[] = [];
      if (!req.deleted) where.push(sql`ci.deleted_at IS NULL`);
      if (req.type) where.push(...valueFilterSql(sql`ci.type`, parseValueFilter(req.type)));
      if (req.status) where.push(...valueFilterSql(sql`ci.status`, parseValueFilter(req.status)));
      if (req.health) where.push(...valueFilterSql(sql`ci.health`, parseValueFilter(req.health)));
      if (req.labels) where.push(...selector('labels', req.labels));
      if (req.tags) where.push(...selector('tags', req.tags));
      if (req.search) {
        const like = `%${req.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
        where.push(sql`lower(ci.name) LIKE ${like}`);
      }
      const plain = groupBy.length === 1 && groupBy[0] === 'type' && where.length === 1 && !req.deleted;
      const rows = plain
        ? await summaryFromCounters(database, since.toISOString().slice(0, 10))
        : await summaryFromItems(
            database,
            groupBy.map((key) => (key === 'type' ? sql`ci.type` : sql`ci.tags ->> ${key}`)),
            where,
            since,
          );
      return rows.map((row) => toRow(groupBy, row));
    },
  };
}
