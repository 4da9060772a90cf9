import { capitalise } from '@mc/contracts';
import type { ReactNode } from 'react';
import { Select } from '../../../components/ui/select';
import { useFormatDateTime } from '../../../lib/date-format';
import { formatDuration } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import type { CheckGraph } from '../api/get-check';
import type { CheckSummary } from '../api/get-checks-summary';
import { formatUptime } from './check-groups';
import { CHECK_TIME_RANGES, showLastRunAge } from './check-time-range';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-32 flex-1 rounded border border-border px-3 py-2">
      <h3 className="text-xs font-semibold uppercase text-fg-subtle">{title}</h3>
      <div className="mt-1 text-sm text-fg">{children}</div>
    </section>
  );
}

/**
 * The check's stat cards (000 §2): Uptime (percent with the passed and failed counts), Latency 95/97/99,
 * Severity, Last Run with its transition (age hidden beyond a week), Next Run, and the Time Range.
 */
export function CheckStatCards({
  check,
  graph,
  timeRange,
  onTimeRange,
}: {
  check: CheckSummary;
  graph: CheckGraph | undefined;
  timeRange: string;
  onTimeRange: (value: string) => void;
}) {
  const format = useFormatDateTime();
  const uptime = graph?.uptime ?? check.uptime;
  const latency = graph?.latency ?? check.latency;
  return (
    <div className="flex flex-wrap gap-2">
      <Card title="Uptime">
        <p className="text-lg font-semibold">{formatUptime(uptime)}</p>
        <p className="text-xs text-fg-muted">
          {uptime.passed} passed · {uptime.failed} failed
        </p>
      </Card>
      <Card title="Latency">
        <dl className="grid grid-cols-3 gap-x-2 text-xs">
          <dt className="text-fg-subtle">95%</dt>
          <dt className="text-fg-subtle">97%</dt>
          <dt className="text-fg-subtle">99%</dt>
          <dd>{formatDuration(latency.p95) || '-'}</dd>
          <dd>{formatDuration(latency.p97) || '-'}</dd>
          <dd>{formatDuration(latency.p99) || '-'}</dd>
        </dl>
      </Card>
      <Card title="Severity">{check.severity ? capitalise(check.severity) : '-'}</Card>
      <Card title="Last Run">
        {check.last_runtime ? (
          <>
            <p>
              {showLastRunAge(check.last_runtime)
                ? `${relativeTime(check.last_runtime)} ago`
                : format(check.last_runtime)}
            </p>
            {check.last_transition_time ? (
              <p className="text-xs text-fg-muted">Transitioned {relativeTime(check.last_transition_time)} ago</p>
            ) : null}
          </>
        ) : (
          '-'
        )}
      </Card>
      <Card title="Next Run">{check.next_runtime ? format(check.next_runtime) : '-'}</Card>
      <Card title="Time Range">
        <Select
          label="Time Range"
          hideLabel
          value={timeRange}
          onChange={onTimeRange}
          choices={CHECK_TIME_RANGES.map((option) => ({ value: option.value, label: option.value }))}
        />
      </Card>
    </div>
  );
}
