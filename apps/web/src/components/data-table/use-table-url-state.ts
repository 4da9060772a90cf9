import { COMPACT_PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, STORAGE_KEYS } from '@mc/contracts';
import type { SortingState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { writeStored } from '../../lib/storage';
import { useUrlParams } from '../../lib/url-state';

/** A table's paging and sorting as kept in the URL (001 §3 table state). */
export interface TableUrlState {
  pageIndex: number;
  pageSize: number;
  sorting: SortingState;
  setPageIndex: (pageIndex: number) => void;
  setPageSize: (pageSize: number) => void;
  setSorting: (sorting: SortingState) => void;
}

export { resolvePageSize, sortingFromParams } from './table-url-params';

import { resolvePageSize, sortingFromParams } from './table-url-params';

/**
 * Paging and sorting in the URL: pageIndex (default 0), pageSize (default 50 or the table's own,
 * persisted under persistPageSize), sortBy and sortOrder. A new page size or sort returns to page 0.
 */
export function useTableUrlState({
  defaultPageSize = DEFAULT_PAGE_SIZE,
}: {
  defaultPageSize?: number;
} = {}): TableUrlState {
  const [params, update] = useUrlParams();
  const pageIndexRaw = Number(params.get('pageIndex'));
  const pageIndex = Number.isInteger(pageIndexRaw) && pageIndexRaw > 0 ? pageIndexRaw : 0;
  const pageSize = resolvePageSize(params.get('pageSize'), defaultPageSize);
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  const sorting = useMemo(
    () =>
      sortingFromParams(new URLSearchParams({ ...(sortBy ? { sortBy } : {}), ...(sortOrder ? { sortOrder } : {}) })),
    [sortBy, sortOrder],
  );
  const setPageIndex = useCallback((next: number) => update({ pageIndex: next > 0 ? next : undefined }), [update]);
  const setPageSize = useCallback(
    (next: number) => {
      writeStored(STORAGE_KEYS.pageSize, String(next));
      update({ pageSize: next }, ['pageIndex']);
    },
    [update],
  );
  const setSorting = useCallback(
    (next: SortingState) => {
      const first = next[0];
      update({ sortBy: first?.id, sortOrder: first ? (first.desc ? 'desc' : 'asc') : undefined }, ['pageIndex']);
    },
    [update],
  );
  return { pageIndex, pageSize, sorting, setPageIndex, setPageSize, setSorting };
}

/** The page sizes a table offers: the full list, or the compact variant's 50/100/200. */
export function pageSizeChoices(variant: 'full' | 'compact'): readonly number[] {
  return variant === 'compact' ? COMPACT_PAGE_SIZE_OPTIONS : PAGE_SIZE_OPTIONS;
}
