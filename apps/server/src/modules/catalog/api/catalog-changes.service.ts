import {
  CATALOG_API_MESSAGES,
  CATALOG_CHANGE_SORT_COLUMNS,
  CATALOG_CHANGES_DEFAULT_FROM,
  type CatalogChangesResponse,
  CHANGE_SEVERITIES,
  catalogChangesRequestSchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../../platform/errors.js';
import { type ChangesFilter, type ChangesQuery, relatedConfigIds, searchChanges } from './catalog-changes.repo.js';
import type { SeverityFilter } from './catalog-filters.repo.js';
import { parseInput } from './catalog-input.js';
import { parseSelector } from './selector.js';
import { parseTimeExpression } from './time-expression.js';
import { parseValueFilter } from './value-filter.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseIds(input: string): string[] {
  const ids = input
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0 || ids.length > 100 || ids.some((id) => !UUID.test(id)))
    throw new AppError('bad_request', CATALOG_API_MESSAGES.badIds);
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** `high` means high or more severe (upstream); `!high` means anything but high. */
function severityFilter(input: string): SeverityFilter {
  const value = input.trim().toLowerCase();
  const negated = value.startsWith('!');
  const name = negated ? value.slice(1) : value;
  const rank = (CHANGE_SEVERITIES as readonly string[]).indexOf(name);
  if (rank < 0) throw new AppError('bad_request', CATALOG_API_MESSAGES.badSeverity);
  if (negated) return { negated, name };
  return { negated, names: rank === 0 ? [name] : CHANGE_SEVERITIES.slice(0, rank + 1) };
}

function sortOf(input: string | undefined): Pick<ChangesQuery, 'orderBy' | 'descending'> {
  if (!input) return { orderBy: 'created_at', descending: true };
  const descending = input.startsWith('-');
  const column = descending ? input.slice(1) : input;
  if (!(CATALOG_CHANGE_SORT_COLUMNS as readonly string[]).includes(column))
    throw new AppError('bad_request', CATALOG_API_MESSAGES.badSortBy);
  return { orderBy: column as ChangesQuery['orderBy'], descending }; // one of the sort columns, checked above
}

function timeOf(field: 'from' | 'to', input: string, now: Date): Date {
  const at = parseTimeExpression(input, now);
  if (!at) throw new AppError('bad_request', CATALOG_API_MESSAGES.badTime(field));
  return at;
}

/**
 * The catalog's changes search (`POST /api/catalog/changes`, spec 000 §7), upstream's rules: a window of
 * the last two days unless `from` or `to` is given; with one `id`, the changes of the items related to it
 * in the `recursive` direction up to `depth` (≤ 5) steps — over hard relationships and the parent tree, and
 * soft relationships too with `soft`; items deleted are left out unless `include_deleted_configs`. The
 * `tags` selector matches an item's tags and labels alike.
 */
export function catalogChangesService(database: Database) {
  return {
    async search(body: unknown, now: Date = new Date()): Promise<CatalogChangesResponse> {
      const req = parseInput(catalogChangesRequestSchema, body);
      const from = req.from ?? (req.to ? undefined : CATALOG_CHANGES_DEFAULT_FROM);
      const fromAt = from ? timeOf('from', from, now) : undefined;
      const toAt = req.to ? timeOf('to', req.to, now) : undefined;
      if (fromAt && toAt && fromAt >= toAt) throw new AppError('bad_request', CATALOG_API_MESSAGES.fromAfterTo);
      const filter: ChangesFilter = {
        ...(fromAt ? { from: fromAt } : {}),
        ...(toAt ? { to: toAt } : {}),
        ...(req.type ? { changeType: parseValueFilter(req.type) } : {}),
        ...(req.config_type ? { configType: parseValueFilter(req.config_type) } : {}),
        ...(req.severity ? { severity: severityFilter(req.severity) } : {}),
      };
      if (req.tags) {
        const selector = parseSelector(req.tags);
        if (!selector) throw new AppError('bad_request', CATALOG_API_MESSAGES.badSelector('tags'));
        filter.tags = selector;
      }
      const sort = sortOf(req.sort_by);
      let configIds: string[] | undefined;
      if (req.id !== undefined) {
        configIds = parseIds(req.id);
        const [only] = configIds;
        if (configIds.length === 1 && only && req.recursive !== 'none') {
          const directions =
            req.recursive === 'all'
              ? (['outgoing', 'incoming'] as const)
              : req.recursive === 'upstream'
                ? (['incoming'] as const)
                : (['outgoing'] as const);
          configIds = await relatedConfigIds(
            database.db,
            only,
            directions,
            req.depth,
            req.soft ? 'both' : 'hard',
            req.include_deleted_configs,
          );
        }
      }
      const { rows, byType } = await searchChanges(database, {
        configIds,
        filter,
        includeDeleted: req.include_deleted_configs,
        ...sort,
        limit: req.page_size,
        offset: (req.page - 1) * req.page_size,
      });
      const summary: Record<string, number> = {};
      let total = 0;
      for (const group of byType) {
        total += group.n;
        summary[group.change_type ?? ''] = group.n;
      }
      return { total, summary, page: req.page, page_size: req.page_size, changes: rows };
    },
  };
}
