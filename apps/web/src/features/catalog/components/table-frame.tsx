import type { ReactNode } from 'react';

/**
 * A box of a fixed height for a virtual DataTable. The table's scrolling body is a flex item, so in a
 * page of automatic height it grows to all its rows, every row counts as in view and the table keeps
 * doubling its page; a grid row of this height stretches the table to it, so only a screenful draws.
 */
export function TableFrame({ height, children }: { height: number | string; children: ReactNode }) {
  return (
    <div className="grid min-h-0 grid-rows-[minmax(0,1fr)]" style={{ height }}>
      {children}
    </div>
  );
}
