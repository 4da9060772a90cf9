import { STORAGE_KEYS } from '@mc/contracts';
import { useRef, useState } from 'react';
import { readStoredJson, writeStored } from '../../lib/storage';
import { addRecentRange, type RecentRange, type TimeRange } from '../../lib/time-range';
import { RangeCalendar } from '../ui/calendar';

/** The recently used absolute ranges (newest first) from recentlyUsedTimeRanges. */
export function readRecentRanges(): RecentRange[] {
  const stored = readStoredJson<unknown>(STORAGE_KEYS.recentTimeRanges, []);
  if (!Array.isArray(stored)) return [];
  return stored.filter((item): item is RecentRange => typeof item?.from === 'string' && typeof item?.to === 'string');
}

/**
 * From/to entry with a range calendar: choosing the first and last day fills both (from the start of
 * the first day to the end of the last) and moves focus to to, where the time can be refined; Submit
 * only when both are filled (001 §5). A submitted range joins the recently used list. Loaded lazily
 * with the calendar when the picker first opens.
 */
export function AbsoluteRangeForm({
  initial,
  onApply,
}: {
  initial?: RecentRange;
  onApply: (range: TimeRange) => void;
}) {
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const [recent, setRecent] = useState(readRecentRanges);
  const toRef = useRef<HTMLInputElement>(null);
  const apply = (range: RecentRange) => {
    const next = addRecentRange(readRecentRanges(), range);
    writeStored(STORAGE_KEYS.recentTimeRanges, JSON.stringify(next));
    setRecent(next);
    onApply({ type: 'absolute', from: range.from, to: range.to });
  };
  const canSubmit = from.trim() !== '' && to.trim() !== '';
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) apply({ from: from.trim(), to: to.trim() });
      }}
    >
      <label className="flex flex-col text-xs text-fg-muted">
        From
        <input
          aria-label="From"
          value={from}
          placeholder="YYYY-MM-DD HH:mm"
          onChange={(event) => setFrom(event.target.value)}
          className="rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg"
        />
      </label>
      <RangeCalendar
        label="Custom range"
        onChange={({ start, end }) => {
          setFrom(`${start.toString()} 00:00`);
          setTo(`${end.toString()} 23:59`);
          toRef.current?.focus();
        }}
      />
      <label className="flex flex-col text-xs text-fg-muted">
        To
        <input
          ref={toRef}
          aria-label="To"
          value={to}
          placeholder="YYYY-MM-DD HH:mm"
          onChange={(event) => setTo(event.target.value)}
          className="rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg"
        />
      </label>
      <button
        type="submit"
        disabled={!canSubmit}
        className="rounded bg-primary px-3 py-1 text-sm text-on-primary disabled:opacity-40"
      >
        Submit
      </button>
      {recent.length ? (
        <div>
          <p className="mt-1 text-xs font-semibold text-fg-subtle">Recently used</p>
          <ul>
            {recent.map((item) => (
              <li key={`${item.from}|${item.to}`}>
                <button type="button" className="text-xs text-link hover:underline" onClick={() => apply(item)}>
                  {item.from} to {item.to}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
