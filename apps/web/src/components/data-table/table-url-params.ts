import { DEFAULT_PAGE_SIZE, STORAGE_KEYS } from '@mc/contracts';
import type { SortingState } from '@tanstack/react-table';
import { readStored } from '../../lib/stored-values';

/**
 * A table's paging and sorting read from the address, without React: the boot script (src/boot.ts) asks for a
 * page's first rows with these before the console has loaded; use-table-url-state.ts re-exports them.
 */
function positiveInt(raw: string | null | undefined): number | undefined {
  if (!raw) return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The page size from the URL, else the stored `persistPageSize`, else the table's default (50). */
export function resolvePageSize(urlValue: string | null, fallback: number = DEFAULT_PAGE_SIZE): number {
  return positiveInt(urlValue) ?? positiveInt(readStored(STORAGE_KEYS.pageSize)) ?? fallback;
}

/** Reads sortBy/sortOrder (asc or desc) into TanStack sorting; no sortBy means unsorted. */
export function sortingFromParams(params: URLSearchParams): SortingState {
  const id = params.get('sortBy');
  if (!id) return [];
  return [{ id, desc: params.get('sortOrder') === 'desc' }];
}
