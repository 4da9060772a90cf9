import { LOG_LINE_LEVELS, type LogBackendSummary, type LogLineLevel } from '@mc/contracts';
import { useEffect, useState } from 'react';
import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import { Select } from '../../../components/ui/select';
import type { TimeRange } from '../../../lib/time-range';
import type { LogTarget } from '../api/get-log-targets';
import { DEFAULT_LOG_RANGE, type LogParams } from './log-params';

const control = 'rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg';

/**
 * The search controls: backend and target, time range, the query box with the backend's syntax hint,
 * levels, and the label filters as removable chips. Changes go to the URL (the page's state).
 */
export function LogToolbar({
  state,
  backends,
  targets,
  range,
  onRange,
  onChange,
}: {
  state: LogParams;
  backends: readonly LogBackendSummary[];
  targets: readonly LogTarget[];
  range: TimeRange | undefined;
  onRange: (range: TimeRange | undefined) => void;
  onChange: (next: Partial<LogParams>) => void;
}) {
  const [text, setText] = useState(state.text);
  useEffect(() => setText(state.text), [state.text]);
  const backend = backends.find((candidate) => candidate.name === state.backend);
  const toggleLevel = (level: LogLineLevel) =>
    onChange({
      levels: state.levels.includes(level) ? state.levels.filter((l) => l !== level) : [...state.levels, level],
    });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <Select
          label="Backend"
          value={state.backend}
          onChange={(next) => onChange({ backend: next })}
          choices={backends.map((candidate) => ({
            value: candidate.name,
            label: `${candidate.name} (${candidate.kinds.join(', ') || 'no kind'})`,
          }))}
        />
        <Select
          label="Target"
          value={state.target}
          onChange={(next) => onChange({ target: next })}
          choices={[
            { value: '', label: 'All logs of the backend' },
            ...targets.map((target) => ({
              value: target.id,
              label: `${target.name}${target.type ? ` (${target.type})` : ''}`,
            })),
          ]}
        />
        <TimeRangePicker value={range ?? DEFAULT_LOG_RANGE} onChange={onRange} />
      </div>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ text: text.trim() });
        }}
      >
        <input
          aria-label="Query"
          className={`${control} min-w-0 flex-1 font-mono`}
          value={text}
          placeholder={backend?.hint ?? 'Search'}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="rounded bg-primary px-3 py-1 text-sm text-white hover:bg-primary-hover">
          Search
        </button>
      </form>
      {backend?.hint && <p className="text-xs text-fg-muted">Syntax: {backend.hint}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex items-center gap-1">
          <legend className="sr-only">Levels</legend>
          {LOG_LINE_LEVELS.map((level) => (
            <label key={level} className="flex items-center gap-1 text-xs text-fg">
              <input type="checkbox" checked={state.levels.includes(level)} onChange={() => toggleLevel(level)} />
              {level}
            </label>
          ))}
        </fieldset>
        {Object.entries(state.labels).map(([key, value]) => (
          <span key={key} className="flex items-center gap-1 rounded bg-surface-muted px-2 py-0.5 text-xs text-fg">
            {key}={value}
            <button
              type="button"
              aria-label={`Remove label ${key}`}
              className="text-fg-muted hover:text-fg"
              onClick={() => {
                const { [key]: _removed, ...rest } = state.labels;
                onChange({ labels: rest });
              }}
            >
              ×
            </button>
          </span>
        ))}
      </div>
    </div>
  );
}
