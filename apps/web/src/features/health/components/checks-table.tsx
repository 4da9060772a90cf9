import { UI_MESSAGES } from '@mc/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { SkeletonRows } from '../../../components/data-table/table-rows';
import { TABLE_FRAME, TABLE_HEAD, TABLE_HEAD_CELL } from '../../../components/data-table/table-styles';
import type { CheckSummary } from '../api/get-checks-summary';
import { groupChecks } from './check-groups';
import { groupedLayout } from './check-list-layout';
import { CHECK_COLUMNS, CheckRow, GroupRow, groupName } from './check-row';
import { VIRTUAL_FROM, VirtualCheckRows, VirtualGroupRows } from './virtual-check-rows';

function toggled(current: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(current);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** The grouped checks: every row drawn for short lists, the rows in view from {@link VIRTUAL_FROM}. */
function GroupedBodies({
  checks,
  groupBy,
  table,
}: {
  checks: readonly CheckSummary[];
  groupBy: string;
  table: React.RefObject<HTMLTableElement | null>;
}) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((key: string) => setCollapsed((current) => toggled(current, key)), []);
  const groups = useMemo(() => groupChecks(checks, groupBy), [checks, groupBy]);
  const layout = useMemo(() => groupedLayout(groups, collapsed), [groups, collapsed]);
  if (layout.count >= VIRTUAL_FROM) return <VirtualGroupRows layout={layout} table={table} onToggle={toggle} />;
  return groups.map((group, position) => {
    const open = layout.open[position] ?? true;
    return (
      <tbody key={group.key} aria-label={`Group ${groupName(group)}`}>
        <GroupRow group={group} open={open} onToggle={toggle} />
        {open ? group.checks.map((check) => <CheckRow key={check.id} check={check} indent />) : null}
      </tbody>
    );
  });
}

/**
 * The checks of the current tab (001 §2): grouped by `groupBy` ('none' lists them flat), each group row
 * showing the members' summed uptime, mean latency and healthy / unhealthy / mixed status; a skeleton
 * while the first answer loads. Long lists, flat or grouped, draw only the rows in view.
 */
export function ChecksTable({
  checks,
  groupBy,
  loading,
}: {
  checks: readonly CheckSummary[];
  groupBy: string;
  loading: boolean;
}) {
  const table = useRef<HTMLTableElement>(null);
  const flat = !groupBy || groupBy === 'none';
  let body: React.ReactNode;
  if (loading && checks.length === 0) body = <SkeletonRows columnCount={CHECK_COLUMNS.length} />;
  else if (checks.length === 0) {
    body = (
      <tbody>
        <tr>
          <td colSpan={CHECK_COLUMNS.length} className="py-8 text-center text-sm text-fg-subtle">
            {UI_MESSAGES.noData}
          </td>
        </tr>
      </tbody>
    );
  } else if (flat && checks.length >= VIRTUAL_FROM) {
    body = <VirtualCheckRows checks={checks} table={table} />;
  } else if (flat) {
    body = (
      <tbody>
        {checks.map((check) => (
          <CheckRow key={check.id} check={check} indent={false} />
        ))}
      </tbody>
    );
  } else body = <GroupedBodies checks={checks} groupBy={groupBy} table={table} />;
  return (
    <div className={TABLE_FRAME}>
      <table ref={table} className="w-full table-fixed border-collapse" aria-label="Health checks">
        <colgroup>
          <col className="w-2/5" />
          {CHECK_COLUMNS.slice(1).map((column) => (
            <col key={column} />
          ))}
        </colgroup>
        <thead className={TABLE_HEAD}>
          <tr>
            {CHECK_COLUMNS.map((column) => (
              <th key={column} scope="col" className={TABLE_HEAD_CELL}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {body}
      </table>
    </div>
  );
}
