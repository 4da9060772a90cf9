import { CHECK_HISTORY, UI_MESSAGES } from '@mc/contracts';
import { useState } from 'react';
import { Pagination } from '../../../components/data-table/pagination';
import { SkeletonRows } from '../../../components/data-table/table-rows';
import { StatusDot } from '../../../components/status-dot';
import { Select } from '../../../components/ui/select';
import { useFormatDateTime } from '../../../lib/date-format';
import { formatDuration } from '../../../lib/format';
import { useUrlParams } from '../../../lib/url-state';
import { FILTER_RESET_PARAMS } from '../../../lib/use-filter-param';
import { useCheckHistory } from '../api/get-check-history';
import { parseDurationFilter } from './duration-filter';

const CUSTOM = 'custom';
const STATUS_PARAM = { healthy: '1', unhealthy: '0' } as const;

/** The duration filter: All, the presets, or a typed value in ms or s (000 §2, §5). */
function DurationFilterInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const preset = value === '' || (CHECK_HISTORY.durationOptions as readonly string[]).includes(value);
  const [custom, setCustom] = useState(!preset);
  const [typed, setTyped] = useState(preset ? '' : value);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const parsed = parseDurationFilter(typed);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    onChange(typed.trim());
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <Select
          label="Duration"
          hideLabel
          value={custom ? CUSTOM : value}
          onChange={(next) => {
            setError(null);
            if (next === CUSTOM) {
              setCustom(true);
              return;
            }
            setCustom(false);
            onChange(next);
          }}
          choices={[
            { value: '', label: 'All' },
            ...CHECK_HISTORY.durationOptions.map((option) => ({ value: option, label: option })),
            { value: CUSTOM, label: 'Custom' },
          ]}
        />
        {custom ? (
          <form
            className="flex items-center gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <input
              aria-label="Custom duration"
              placeholder="e.g. 250ms or 2s"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              className="w-28 rounded border border-border-strong px-1 py-0.5 text-sm"
            />
            <button type="submit" className="rounded border border-border-strong px-2 py-0.5 text-sm">
              Apply
            </button>
          </form>
        ) : null}
      </div>
      {error ? (
        <span role="alert" className="text-xs text-status-unhealthy">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The check's run history (000 §2): status filter Healthy/Unhealthy, duration filter, 50 a page; any
 * filter change returns to the first page. Filters live in the URL (historyStatus, duration, pageIndex).
 */
export function CheckHistory({ checkId, minutes }: { checkId: string; minutes: number }) {
  const [params, update] = useUrlParams();
  const format = useFormatDateTime();
  const statusChoice = params.get('historyStatus') ?? '';
  const duration = params.get('duration') ?? '';
  const parsedDuration = parseDurationFilter(duration);
  const pageIndexRaw = Number(params.get('pageIndex'));
  const pageIndex = Number.isInteger(pageIndexRaw) && pageIndexRaw > 0 ? pageIndexRaw : 0;
  const history = useCheckHistory(checkId, {
    minutes,
    status: statusChoice === 'healthy' || statusChoice === 'unhealthy' ? STATUS_PARAM[statusChoice] : '',
    minDuration: parsedDuration.ok ? parsedDuration.ms : 0,
    pageIndex,
  });
  const setFilter = (key: string, value: string) => update({ [key]: value }, FILTER_RESET_PARAMS);
  const rows = history.data?.rows ?? [];
  const total = history.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start gap-3">
        <Select
          label="Status"
          inline
          value={statusChoice}
          onChange={(value) => setFilter('historyStatus', value)}
          choices={[
            { value: '', label: 'All' },
            { value: 'healthy', label: 'Healthy' },
            { value: 'unhealthy', label: 'Unhealthy' },
          ]}
        />
        <DurationFilterInput value={duration} onChange={(value) => setFilter('duration', value)} />
      </div>
      {!parsedDuration.ok ? (
        <span role="alert" className="text-xs text-status-unhealthy">
          {parsedDuration.message}
        </span>
      ) : null}
      <table className="w-full table-fixed border-collapse rounded border border-border" aria-label="Check history">
        <thead className="bg-surface-muted">
          <tr>
            {['Time', 'Status', 'Duration', 'Message'].map((column) => (
              <th key={column} scope="col" className="px-2 py-1 text-left text-xs font-semibold text-fg-muted">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {history.isPending ? (
          <SkeletonRows columnCount={4} />
        ) : (
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-6 text-center text-sm text-fg-subtle">
                  {UI_MESSAGES.noData}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.time} className="border-t border-border-muted text-sm">
                  <td className="truncate px-2 py-1">{format(row.time)}</td>
                  <td className="px-2 py-1">
                    <span className="inline-flex items-center gap-1">
                      <StatusDot status={row.status ? 'healthy' : 'unhealthy'} />
                      {row.status ? 'Healthy' : 'Unhealthy'}
                    </span>
                  </td>
                  <td className="px-2 py-1">{formatDuration(row.duration)}</td>
                  <td className="truncate px-2 py-1" title={row.error || row.message || undefined}>
                    {row.error || row.message}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        )}
      </table>
      <Pagination
        pageIndex={pageIndex}
        pageCount={Math.ceil(total / CHECK_HISTORY.pageSize)}
        pageSize={CHECK_HISTORY.pageSize}
        pageSizes={[CHECK_HISTORY.pageSize]}
        total={total}
        onPageIndex={(next) => update({ pageIndex: next > 0 ? next : undefined })}
        onPageSize={() => undefined}
      />
    </div>
  );
}
