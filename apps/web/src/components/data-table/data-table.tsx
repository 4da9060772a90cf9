import { UI_MESSAGES } from '@mc/contracts';
import {
  type ColumnDef,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type RowData,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Pagination } from './pagination';
import { readExpanded, readScroll, writeExpanded, writeScroll } from './session-state';
import { PlainRows, SkeletonRows, VirtualRows } from './table-rows';
import { TABLE_HEAD, TABLE_HEAD_CELL } from './table-styles';
import { useProgressiveRows } from './use-progressive-rows';
import { pageSizeChoices, useTableUrlState } from './use-table-url-state';

declare module '@tanstack/react-table' {
  // the type parameters must match TanStack's declaration to merge with it
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's width (a CSS length). Columns without one share the room the others leave. */
    width?: string;
  }
}

/** Props of the shared table. */
export interface DataTableProps<T> {
  /** Names the table's remembered scroll position and expanded rows in session storage. */
  id: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  /** client: sort, group and page here; server: the page's query already did, `total` counts all rows. */
  mode?: 'client' | 'server';
  total?: number;
  loading?: boolean;
  pagination?: boolean;
  pageSizeVariant?: 'full' | 'compact';
  defaultPageSize?: number;
  /** Render only the rows in view; reaching the last row doubles the page size. */
  virtual?: boolean;
  /** Column ids to group by (client mode). */
  groupBy?: string[];
  onRowClick?: (row: T) => void;
  /** Height of the scrolling body in virtual mode. */
  height?: number | string;
  /**
   * Most the scrolling body grows to with every row of a page drawn (default {@link TABLE_MAX_HEIGHT});
   * past it the rows scroll under the sticky headings and the pagination stays in sight.
   */
  maxHeight?: number | string;
  /** What an empty table shows instead of 'No data available', e.g. an EmptyState with its next step. */
  empty?: React.ReactNode;
  /**
   * The narrowest the table draws (a CSS length): below it the table scrolls sideways instead of squeezing
   * the columns without a width (an incident's title) to a few letters.
   */
  minWidth?: string;
}

/**
 * The bound of a table's scrolling body outside virtual mode: the window's height less the page header
 * and the pagination, and never under 20rem. Without a bound the body grew to all the rows of a page (200
 * rows = 7,000 px) in pages of automatic height, and the headings and pagination scrolled away.
 */
export const TABLE_MAX_HEIGHT = 'max(20rem, calc(100dvh - 14rem))';

function resolve<S>(updater: Updater<S>, current: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater; // TanStack's Updater union
}

/**
 * The console's table (001 §2, §5, §9): sorting that cycles asc → desc → none, grouping with
 * expand and collapse, pagination with URL state (pageIndex, pageSize, sortBy, sortOrder), virtual
 * rows for long lists, 'No data available' when empty and a skeleton while the first page loads.
 */
export function DataTable<T>({
  id,
  columns,
  data,
  mode = 'client',
  total,
  loading = false,
  pagination = true,
  pageSizeVariant = 'full',
  defaultPageSize,
  virtual = false,
  groupBy,
  onRowClick,
  height = 600,
  maxHeight = TABLE_MAX_HEIGHT,
  empty,
  minWidth,
}: DataTableProps<T>) {
  const url = useTableUrlState(defaultPageSize ? { defaultPageSize } : {});
  const [expanded, setExpandedState] = useState<ExpandedState>(() => readExpanded(id));
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialScroll = useRef(readScroll(id));
  const server = mode === 'server';

  const setExpanded = useCallback(
    (updater: Updater<ExpandedState>) =>
      setExpandedState((current) => {
        const next = resolve(updater, current);
        writeExpanded(id, next);
        return next;
      }),
    [id],
  );
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => url.setSorting(resolve(updater, url.sorting)),
    [url],
  );

  const first = useProgressiveRows(
    data,
    virtual && !server && !groupBy?.length && url.sorting.length === 0 && !initialScroll.current,
  );
  const table = useReactTable<T>({
    data: first.rows,
    columns,
    state: {
      sorting: url.sorting,
      expanded,
      grouping: groupBy ?? [],
      pagination: { pageIndex: url.pageIndex, pageSize: url.pageSize },
    },
    enableSortingRemoval: true,
    autoResetExpanded: false,
    autoResetPageIndex: false,
    manualSorting: server,
    manualPagination: server || !pagination,
    manualGrouping: server,
    rowCount: server ? total : undefined,
    onSortingChange,
    onExpandedChange: setExpanded,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: server ? undefined : getSortedRowModel(),
    getGroupedRowModel: server ? undefined : getGroupedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getPaginationRowModel: server || !pagination ? undefined : getPaginationRowModel(),
  });

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (!virtual && initialScroll.current) element.scrollTop = initialScroll.current;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => writeScroll(id, element.scrollTop));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
    };
  }, [id, virtual]);

  const rows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();
  const columnCount = leafColumns.length;
  const pageSize = url.pageSize;
  const setPageSize = url.setPageSize;
  const rowTotal = server ? (total ?? data.length) : data.length;
  const loaded = data.length;
  const onReachEnd = useCallback(() => {
    // a page still arriving (its first rows drawn before the rest is read) is not the end of the list
    if (pagination && pageSize < rowTotal && (!server || loaded >= pageSize)) setPageSize(pageSize * 2);
  }, [pagination, pageSize, rowTotal, setPageSize, server, loaded]);

  let body: React.ReactNode;
  if (loading && data.length === 0) body = <SkeletonRows columnCount={columnCount} />;
  else if (rows.length === 0) {
    body = (
      <tbody>
        <tr>
          <td colSpan={columnCount} className="py-8 text-center text-sm text-fg-subtle">
            {empty ?? UI_MESSAGES.noData}
          </td>
        </tr>
      </tbody>
    );
  } else if (virtual) {
    body = (
      <VirtualRows
        rows={rows}
        count={first.complete ? rows.length : data.length}
        columnCount={columnCount}
        scrollRef={scrollRef}
        initialOffset={initialScroll.current}
        onRowClick={onRowClick}
        onReachEnd={onReachEnd}
      />
    );
  } else body = <PlainRows rows={rows} onRowClick={onRowClick} />;

  return (
    <div className="flex min-h-0 flex-col rounded-md border border-border bg-surface" data-table-id={id}>
      {/* a flex item's height gives way to its content in a page of automatic height; its max-height holds */}
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-auto"
        style={virtual ? { height, maxHeight: height } : { maxHeight }}
      >
        <table className="w-full table-fixed border-collapse" style={minWidth ? { minWidth } : undefined}>
          {leafColumns.some((column) => column.columnDef.meta?.width) ? (
            <colgroup>
              {leafColumns.map((column) => (
                <col key={column.id} style={{ width: column.columnDef.meta?.width }} />
              ))}
            </colgroup>
          ) : null}
          <thead className={TABLE_HEAD}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className={TABLE_HEAD_CELL}
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1"
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-hidden="true" className="size-3" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-hidden="true" className="size-3" />
                          ) : null}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {body}
        </table>
      </div>
      {pagination && !virtual ? (
        <Pagination
          pageIndex={url.pageIndex}
          pageCount={table.getPageCount()}
          pageSize={url.pageSize}
          pageSizes={pageSizeChoices(pageSizeVariant)}
          total={server ? total : undefined}
          onPageIndex={url.setPageIndex}
          onPageSize={url.setPageSize}
        />
      ) : null}
    </div>
  );
}
