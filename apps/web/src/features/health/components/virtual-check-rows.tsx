import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useLayoutEffect, useState } from 'react';
import type { CheckSummary } from '../api/get-checks-summary';
import { type GroupedLayout, groupedRowAt } from './check-list-layout';
import { CHECK_COLUMNS, CheckRow, GroupRow, groupName } from './check-row';

/** From this many rows (checks, or group rows and open members) a table draws only the rows in view. */
export const VIRTUAL_FROM = 200;
/** One line per row: the table style's 35 px cell plus its divider, rounded up. */
const ROW_ESTIMATE = 37;
const OVERSCAN = 10;

function Spacer({ height }: { height: number }) {
  return height > 0 ? (
    <tr data-spacer="true">
      <td colSpan={CHECK_COLUMNS.length} style={{ height, padding: 0 }} />
    </tr>
  ) : null;
}

/** Where the list sits: the page's scroll area, the list's offset in it and the area's size. */
function placement(table: HTMLTableElement | null) {
  if (!table) return undefined;
  const area = table.closest('main') ?? (document.scrollingElement as HTMLElement | null);
  if (!area) return undefined;
  const head = table.tHead?.offsetHeight ?? 0;
  const margin = Math.round(
    table.getBoundingClientRect().top - area.getBoundingClientRect().top + area.scrollTop + head,
  );
  return { area, margin, rect: { width: area.clientWidth, height: area.clientHeight }, offset: area.scrollTop };
}

/**
 * The rows in view of a long list inside the page's scroll area (the page shell's `main`, else the
 * document): the list starts below the table's heading row, which is measured after every commit
 * (tabs appearing above the table move it). The table is already drawn when the list first renders
 * (with the skeleton, before the rows), so its place and the area's size are read then: with guesses
 * (no scroll area, offset 0, 1024 × 900) the rows in view were rendered once more in the layout effect,
 * and again when the virtualizer measured the real area, before the first frame was painted.
 */
function useRowsInView(count: number, table: RefObject<HTMLTableElement | null>) {
  const [initial] = useState(() => placement(table.current));
  const [scroller, setScroller] = useState<HTMLElement | null>(initial?.area ?? null);
  const [margin, setMargin] = useState(initial?.margin ?? 0);
  useLayoutEffect(() => {
    const now = placement(table.current);
    if (!now) return;
    if (now.area !== scroller) setScroller(now.area);
    if (now.margin !== margin) setMargin(now.margin);
  });
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    scrollMargin: margin,
    initialRect: initial?.rect.height ? initial.rect : { width: 1024, height: 900 },
    initialOffset: initial?.offset ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const top = (items[0]?.start ?? margin) - margin;
  const bottom = virtualizer.getTotalSize() - ((items.at(-1)?.end ?? margin) - margin);
  return { items, top, bottom };
}

/** A long flat list of checks: the rows in view in one body, spacer rows above and below. */
export function VirtualCheckRows({
  checks,
  table,
}: {
  checks: readonly CheckSummary[];
  table: RefObject<HTMLTableElement | null>;
}) {
  const { items, top, bottom } = useRowsInView(checks.length, table);
  return (
    <tbody>
      <Spacer height={top} />
      {items.map((item) => {
        const check = checks[item.index];
        return check ? <CheckRow key={check.id} check={check} indent={false} index={item.index} /> : null;
      })}
      <Spacer height={bottom} />
    </tbody>
  );
}

/**
 * A long grouped list: the rows in view, each run of them in its group's body (named 'Group <name>',
 * as when every row is drawn), spacer bodies above and below.
 */
export function VirtualGroupRows({
  layout,
  table,
  onToggle,
}: {
  layout: GroupedLayout;
  table: RefObject<HTMLTableElement | null>;
  onToggle: (key: string) => void;
}) {
  const { items, top, bottom } = useRowsInView(layout.count, table);
  const bodies: Array<{ key: string; name: string; rows: ReactNode[] }> = [];
  for (const item of items) {
    const row = groupedRowAt(layout, item.index);
    if (!row) continue;
    let body = bodies.at(-1);
    if (body?.key !== row.group.key) {
      body = { key: row.group.key, name: groupName(row.group), rows: [] };
      bodies.push(body);
    }
    body.rows.push(
      row.check ? (
        <CheckRow key={row.check.id} check={row.check} indent index={item.index} />
      ) : (
        <GroupRow
          key={`group:${row.group.key}`}
          group={row.group}
          open={layout.open[row.position] ?? true}
          index={item.index}
          onToggle={onToggle}
        />
      ),
    );
  }
  return (
    <>
      {top > 0 ? (
        <tbody>
          <Spacer height={top} />
        </tbody>
      ) : null}
      {bodies.map((body) => (
        <tbody key={body.key} aria-label={`Group ${body.name}`}>
          {body.rows}
        </tbody>
      ))}
      {bottom > 0 ? (
        <tbody>
          <Spacer height={bottom} />
        </tbody>
      ) : null}
    </>
  );
}
