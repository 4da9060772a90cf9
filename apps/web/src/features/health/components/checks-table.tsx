import { CHECK_LINK_TIME_RANGE, UI_MESSAGES } from '@mc/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SkeletonRows } from '../../../components/data-table/table-rows';
import {
  TABLE_CELL,
  TABLE_FRAME,
  TABLE_HEAD,
  TABLE_HEAD_CELL,
  TABLE_ROW,
  TABLE_ROW_HOVER,
} from '../../../components/data-table/table-styles';
import { ResourceIcon } from '../../../components/resource-icon';
import { StatusDot } from '../../../components/status-dot';
import { formatDuration } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import type { CheckSummary } from '../api/get-checks-summary';
import { formatUptime, groupChecks, type RowHealth } from './check-groups';

const COLUMNS = ['Name', 'Health', 'Uptime', 'Latency', 'Last Run'];

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

function CheckRow({
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
      <td className={TABLE_CELL}>{formatDuration(check.latency?.rolling1h) || '-'}</td>
      <td className={TABLE_CELL}>{check.last_runtime ? relativeTime(check.last_runtime) : '-'}</td>
    </tr>
  );
}

/** From this many checks a flat table draws only the rows in view (10,000 checks drew for seconds). */
const VIRTUAL_FROM = 200;
const ROW_ESTIMATE = 37;

/**
 * A long flat list of checks, virtualised against the page's scroll area (the page shell's `main`): the
 * rows in view and an overscan of 10, spacer rows above and below keeping the scroll height at the row
 * estimate (one line per check).
 */
function VirtualCheckRows({ checks }: { checks: readonly CheckSummary[] }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const element = body.current?.closest('main') ?? (document.scrollingElement as HTMLElement | null);
    setScroller(element);
    if (element && body.current)
      setMargin(body.current.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop);
  }, []);
  const virtualizer = useVirtualizer({
    count: checks.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 10,
    scrollMargin: margin,
    initialRect: { width: 1024, height: 900 },
  });
  const items = virtualizer.getVirtualItems();
  const top = (items[0]?.start ?? margin) - margin;
  const bottom = virtualizer.getTotalSize() - ((items.at(-1)?.end ?? margin) - margin);
  return (
    <tbody ref={body}>
      {top > 0 ? (
        <tr data-spacer="true">
          <td colSpan={COLUMNS.length} style={{ height: top, padding: 0 }} />
        </tr>
      ) : null}
      {items.map((item) => {
        const check = checks[item.index];
        return check ? <CheckRow key={check.id} check={check} indent={false} index={item.index} /> : null;
      })}
      {bottom > 0 ? (
        <tr data-spacer="true">
          <td colSpan={COLUMNS.length} style={{ height: bottom, padding: 0 }} />
        </tr>
      ) : null}
    </tbody>
  );
}

/**
 * The checks of the current tab (001 §2): grouped by `groupBy` ('none' lists them flat), each group row
 * showing the members' summed uptime, mean latency and healthy / unhealthy / mixed status; a skeleton
 * while the first answer loads.
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
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  let body: React.ReactNode;
  if (loading && checks.length === 0) body = <SkeletonRows columnCount={COLUMNS.length} />;
  else if (checks.length === 0) {
    body = (
      <tbody>
        <tr>
          <td colSpan={COLUMNS.length} className="py-8 text-center text-sm text-fg-subtle">
            {UI_MESSAGES.noData}
          </td>
        </tr>
      </tbody>
    );
  } else if ((!groupBy || groupBy === 'none') && checks.length >= VIRTUAL_FROM) {
    body = <VirtualCheckRows checks={checks} />;
  } else if (!groupBy || groupBy === 'none') {
    body = (
      <tbody>
        {checks.map((check) => (
          <CheckRow key={check.id} check={check} indent={false} />
        ))}
      </tbody>
    );
  } else {
    body = groupChecks(checks, groupBy).map((group) => {
      const open = !collapsed.has(group.key);
      const name = group.key || '(none)';
      return (
        <tbody key={group.key} aria-label={`Group ${name}`}>
          <tr className={clsx(TABLE_ROW, 'bg-surface-muted/60')}>
            <td className={clsx(TABLE_CELL, 'font-medium')}>
              <button
                type="button"
                aria-expanded={open}
                onClick={() => toggle(group.key)}
                className="inline-flex items-center gap-1"
              >
                {open ? (
                  <ChevronDown aria-hidden="true" className="size-4" />
                ) : (
                  <ChevronRight aria-hidden="true" className="size-4" />
                )}
                {name} ({group.checks.length})
              </button>
            </td>
            <td className={TABLE_CELL}>
              <HealthCell health={group.health} />
            </td>
            <td className={TABLE_CELL}>{formatUptime(group.uptime)}</td>
            <td className={TABLE_CELL}>{group.latency === null ? '-' : formatDuration(group.latency)}</td>
            <td />
          </tr>
          {open ? group.checks.map((check) => <CheckRow key={check.id} check={check} indent />) : null}
        </tbody>
      );
    });
  }
  return (
    <div className={TABLE_FRAME}>
      <table className="w-full table-fixed border-collapse" aria-label="Health checks">
        <colgroup>
          <col className="w-2/5" />
          {COLUMNS.slice(1).map((column) => (
            <col key={column} />
          ))}
        </colgroup>
        <thead className={TABLE_HEAD}>
          <tr>
            {COLUMNS.map((column) => (
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
