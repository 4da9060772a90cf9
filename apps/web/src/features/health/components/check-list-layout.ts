import type { CheckSummary } from '../api/get-checks-summary';
import type { CheckGroup } from './check-groups';

/**
 * The rows of a grouped checks table as one list: each group's row followed, when it is open, by its
 * members. Kept as the index where each group starts rather than one object per row, so a list of
 * 10,000 checks allocates nothing per check to find the rows in view.
 */
export interface GroupedLayout {
  groups: readonly CheckGroup[];
  /** Index of each group's own row in the list. */
  starts: readonly number[];
  open: readonly boolean[];
  /** Rows in the list: group rows and the members of open groups. */
  count: number;
}

/** A row of the grouped list: the group's own row (`check` undefined) or one of its members. */
export interface GroupedRow {
  group: CheckGroup;
  /** The group's position in the layout. */
  position: number;
  check?: CheckSummary;
}

/** Lays the groups out, collapsed ones as their single row. */
export function groupedLayout(groups: readonly CheckGroup[], collapsed: ReadonlySet<string>): GroupedLayout {
  const starts: number[] = [];
  const open: boolean[] = [];
  let count = 0;
  for (const group of groups) {
    const isOpen = !collapsed.has(group.key);
    starts.push(count);
    open.push(isOpen);
    count += 1 + (isOpen ? group.checks.length : 0);
  }
  return { groups, starts, open, count };
}

/** The position of the group holding row `index` (binary search over the starts). */
export function groupIndexAt(layout: GroupedLayout, index: number): number {
  let low = 0;
  let high = layout.starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((layout.starts[middle] ?? 0) <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Row `index` of the grouped list. */
export function groupedRowAt(layout: GroupedLayout, index: number): GroupedRow | undefined {
  if (index < 0 || index >= layout.count) return undefined;
  const at = groupIndexAt(layout, index);
  const group = layout.groups[at];
  if (!group) return undefined;
  const offset = index - (layout.starts[at] ?? 0);
  return offset === 0 ? { group, position: at } : { group, position: at, check: group.checks[offset - 1] };
}
