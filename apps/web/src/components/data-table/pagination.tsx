import { useEffect, useState } from 'react';
import { LabelledSelect } from '../labelled-select';

/** Clamps a typed page number into 1…pageCount (001 §5). */
export function clampPageNumber(value: number, pageCount: number): number {
  const last = Math.max(1, pageCount);
  if (!Number.isFinite(value)) return 1;
  return Math.min(last, Math.max(1, Math.round(value)));
}

/**
 * Previous/next buttons, a page-number input clamped to 1…pages (read-only when there is one
 * page), and the page-size choice.
 */
export function Pagination({
  pageIndex,
  pageCount,
  pageSize,
  pageSizes,
  total,
  onPageIndex,
  onPageSize,
}: {
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  total?: number;
  onPageIndex: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const pages = Math.max(1, pageCount);
  const [typed, setTyped] = useState(String(pageIndex + 1));
  useEffect(() => setTyped(String(pageIndex + 1)), [pageIndex]);
  const commit = () => {
    const page = clampPageNumber(Number(typed), pages);
    setTyped(String(page));
    if (page - 1 !== pageIndex) onPageIndex(page - 1);
  };
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-2 border-t border-border px-2 py-2 text-sm">
      <button
        type="button"
        className="rounded border border-border-strong px-2 py-0.5 disabled:opacity-40"
        disabled={pageIndex <= 0}
        onClick={() => onPageIndex(pageIndex - 1)}
      >
        Previous
      </button>
      <label className="flex items-center gap-1">
        Page
        <input
          aria-label="Page number"
          type="number"
          min={1}
          max={pages}
          readOnly={pages === 1}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          className="w-16 rounded border border-border-strong px-1 py-0.5 read-only:bg-surface-muted"
        />
        of {pages}
      </label>
      <button
        type="button"
        className="rounded border border-border-strong px-2 py-0.5 disabled:opacity-40"
        disabled={pageIndex >= pages - 1}
        onClick={() => onPageIndex(pageIndex + 1)}
      >
        Next
      </button>
      <div className="ml-auto">
        <LabelledSelect
          label="Rows per page"
          value={String(pageSize)}
          onChange={(size) => onPageSize(Number(size))}
          choices={sizes.map((size) => ({ value: String(size), label: String(size) }))}
        />
      </div>
      {total !== undefined ? <span className="text-fg-subtle">{total} total</span> : null}
    </nav>
  );
}
