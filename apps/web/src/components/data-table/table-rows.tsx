import { VIRTUAL_OVERSCAN, VIRTUAL_ROW_ESTIMATE } from '@mc/contracts';
import { flexRender, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { SkeletonBar } from '../skeleton';
import { TABLE_CELL, TABLE_ROW, TABLE_ROW_HOVER } from './table-styles';

function RowCells<T>({ row, onRowClick }: { row: Row<T>; onRowClick?: (row: T) => void }) {
  const clickable = Boolean(onRowClick) && !row.getIsGrouped();
  return (
    <tr
      data-index={row.index}
      className={clsx(TABLE_ROW, clickable && ['cursor-pointer', TABLE_ROW_HOVER])}
      onClick={clickable ? () => onRowClick?.(row.original) : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={TABLE_CELL}>
          {cell.getIsGrouped() ? (
            <button
              type="button"
              aria-expanded={row.getIsExpanded()}
              onClick={row.getToggleExpandedHandler()}
              className="inline-flex items-center gap-1 font-medium"
            >
              {row.getIsExpanded() ? (
                <ChevronDown aria-hidden="true" className="size-4" />
              ) : (
                <ChevronRight aria-hidden="true" className="size-4" />
              )}
              {flexRender(cell.column.columnDef.cell, cell.getContext())} ({row.subRows.length})
            </button>
          ) : cell.getIsAggregated() ? (
            flexRender(cell.column.columnDef.aggregatedCell ?? cell.column.columnDef.cell, cell.getContext())
          ) : cell.getIsPlaceholder() ? null : (
            flexRender(cell.column.columnDef.cell, cell.getContext())
          )}
        </td>
      ))}
    </tr>
  );
}

/** Every row of the page rendered. */
export function PlainRows<T>({ rows, onRowClick }: { rows: Row<T>[]; onRowClick?: (row: T) => void }) {
  return (
    <tbody>
      {rows.map((row) => (
        <RowCells key={row.id} row={row} onRowClick={onRowClick} />
      ))}
    </tbody>
  );
}

/** The scroll area's size assumed before it is drawn (and in tests, where nothing has a size). */
const FALLBACK_RECT = { width: 1024, height: 600 };

/**
 * Only the rows in view (row estimate 35 px, overscan 10; 001 §9), with spacer rows above and
 * below. Reaching the last row calls `onReachEnd` (the table doubles its page size).
 */
export function VirtualRows<T>({
  rows,
  count,
  columnCount,
  scrollRef,
  initialOffset,
  onRowClick,
  onReachEnd,
}: {
  rows: Row<T>[];
  /** Rows the list will hold (more than `rows` while only the first window is built). */
  count?: number;
  columnCount: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  initialOffset: number;
  onRowClick?: (row: T) => void;
  onReachEnd?: () => void;
}) {
  const total = count ?? rows.length;
  // the scroll area's real size when it is already drawn (the skeleton was): with a guessed size the
  // virtualizer drew a second time in its layout effect, before the first frame of rows was painted
  const [initialRect] = useState(() => {
    const element = scrollRef.current;
    return element?.clientHeight ? { width: element.clientWidth, height: element.clientHeight } : FALLBACK_RECT;
  });
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => VIRTUAL_ROW_ESTIMATE,
    overscan: VIRTUAL_OVERSCAN,
    initialOffset,
    initialRect,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index;
  // fire once per row count: the next call waits for the bigger page to arrive
  const firedAt = useRef(-1);
  useEffect(() => {
    if (lastIndex === undefined || total === 0 || lastIndex < total - 1) return;
    if (firedAt.current === total) return;
    firedAt.current = total;
    onReachEnd?.();
  }, [lastIndex, total, onReachEnd]);
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <tbody>
      {top > 0 ? (
        <tr data-spacer="true">
          <td colSpan={columnCount} style={{ height: top, padding: 0 }} />
        </tr>
      ) : null}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? <RowCells key={row.id} row={row} onRowClick={onRowClick} /> : null;
      })}
      {bottom > 0 ? (
        <tr data-spacer="true">
          <td colSpan={columnCount} style={{ height: bottom, padding: 0 }} />
        </tr>
      ) : null}
    </tbody>
  );
}

/** Grey placeholder rows while the first page loads. */
export function SkeletonRows({ columnCount, rows = 5 }: { columnCount: number; rows?: number }) {
  return (
    <tbody aria-busy="true" data-testid="table-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <tr key={index}>
          {Array.from({ length: columnCount }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <td key={cell} className="px-3 py-2">
              <SkeletonBar className="h-3" />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
