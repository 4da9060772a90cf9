import { CHECK_LINK_TIME_RANGE } from '@mc/contracts';
import { clsx } from 'clsx';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { TABLE_CELL, TABLE_ROW, TABLE_ROW_HOVER } from '../../../components/data-table/table-styles';
import { ResourceIcon } from '../../../components/resource-icon';
import { StatusDot } from '../../../components/status-dot';
import { formatDuration } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import type { CheckSummary } from '../api/get-checks-summary';
import { type CheckGroup, checkLatency, formatUptime, type RowHealth } from './check-groups';

/** The checks table's headings (001 §2). */
export const CHECK_COLUMNS = ['Name', 'Health', 'Uptime', 'Latency', 'Last Run'];

/** The link a check row opens (001 §2): the page with checkId and timeRange=1h, other filters kept. */
export function checkLink(pathname: string, search: string, id: string): string {
  const params = new URLSearchParams(search);
  params.set('checkId', id);
  params.set('timeRange', CHECK_LINK_TIME_RANGE);
  return `${pathname}?${params.toString()}`;
}

function HealthCell({ health }: { health: RowHealth | string | null }) {
  const text = health ?? 'unknown';
  return (
    <span className="inline-flex items-center gap-1">
      <StatusDot status={text === 'mixed' ? 'warning' : text} />
      <span className="capitalize">{text}</span>
    </span>
  );
}

/**
 * One check. Memoised: a virtual list re-renders on every scroll step, and the rows that stay in view
 * keep their check object, so only rows entering the window render.
 */
export const CheckRow = memo(function CheckRow({
  check,
  indent,
  index,
}: {
  check: CheckSummary;
  indent: boolean;
  /** Position in a virtual list. */
  index?: number;
}) {
  const location = useLocation();
  return (
    <tr data-index={index} className={clsx(TABLE_ROW, TABLE_ROW_HOVER)} data-check-id={check.id}>
      <td className={clsx(TABLE_CELL, indent && 'pl-8')}>
        <ResourceIcon source={{ icon: check.icon, type: check.type }} className="mr-2 align-[-3px]" />
        <Link
          className="text-link underline decoration-link/40 underline-offset-2 hover:decoration-link"
          to={checkLink(location.pathname, location.search, check.id)}
        >
          {check.name}
        </Link>
        {check.endpoint ? <span className="ml-2 text-xs text-fg-subtle">{check.endpoint}</span> : null}
      </td>
      <td className={TABLE_CELL}>
        <HealthCell health={check.status} />
      </td>
      <td className={TABLE_CELL}>{formatUptime(check.uptime)}</td>
      <td className={TABLE_CELL}>{formatDuration(checkLatency(check) ?? undefined) || '-'}</td>
      <td className={TABLE_CELL}>{check.last_runtime ? relativeTime(check.last_runtime) : '-'}</td>
    </tr>
  );
});

/** A group's row (001 §2): name and size as the expand button, then the members' health, uptime and latency. */
export const GroupRow = memo(function GroupRow({
  group,
  open,
  index,
  onToggle,
}: {
  group: CheckGroup;
  open: boolean;
  index?: number;
  onToggle: (key: string) => void;
}) {
  return (
    <tr data-index={index} className={clsx(TABLE_ROW, 'bg-surface-muted/60')}>
      <td className={clsx(TABLE_CELL, 'font-medium')}>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => onToggle(group.key)}
          className="inline-flex items-center gap-1"
        >
          {open ? (
            <ChevronDown aria-hidden="true" className="size-4" />
          ) : (
            <ChevronRight aria-hidden="true" className="size-4" />
          )}
          {groupName(group)} ({group.checks.length})
        </button>
      </td>
      <td className={TABLE_CELL}>
        <HealthCell health={group.health} />
      </td>
      <td className={TABLE_CELL}>{formatUptime(group.uptime)}</td>
      <td className={TABLE_CELL}>{group.latency === null ? '-' : formatDuration(group.latency)}</td>
      <td />
    </tr>
  );
});

/** What a group is called on screen: its key value, or '(none)' for checks without one. */
export function groupName(group: CheckGroup): string {
  return group.key || '(none)';
}
