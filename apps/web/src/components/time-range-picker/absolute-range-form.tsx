import { STORAGE_KEYS } from '@mc/contracts';
import { useRef, useState } from 'react';
import { readStoredJson, writeStored } from '../../lib/storage';
import { addRecentRange, type RecentRange, type TimeRange } from '../../lib/time-range';
import { Calendar } from './calendar';

/** The recently used absolute ranges (newest first) from recentlyUsedTimeRanges. */
export function readRecentRanges(): RecentRange[] {
  const stored = readStoredJson<unknown>(STORAGE_KEYS.recentTimeRanges, []);
  if (!Array.isArray(stored)) return [];
  return stored.filter((item): item is RecentRange => typeof item?.from === 'string' && typeof item?.to === 'string');
}

/**
 * From/to entry with a calendar: choosing a day for from moves focus to to; Submit only when both
 * are filled (001 §5). A submitted range joins the recently used list.
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
      <label className="flex flex-col text-xs text-gray-600">
        From
        <input
          aria-label="From"
          value={from}
          placeholder="YYYY-MM-DD HH:mm"
          onChange={(event) => setFrom(event.target.value)}
          className="rounded border border-gray-300 px-2 py-1 text-sm text-gray-900"
        />
      </label>
      <Calendar
        selected={from}
        onSelect={(day) => {
          setFrom(`${day} 00:00`);
          toRef.current?.focus();
        }}
      />
      <label className="flex flex-col text-xs text-gray-600">
        To
        <input
          ref={toRef}
          aria-label="To"
          value={to}
          placeholder="YYYY-MM-DD HH:mm"
          onChange={(event) => setTo(event.target.value)}
          className="rounded border border-gray-300 px-2 py-1 text-sm text-gray-900"
        />
      </label>
      <button
        type="submit"
        disabled={!canSubmit}
        className="rounded bg-blue-600 px-3 py-1 text-sm text-white disabled:opacity-40"
      >
        Submit
      </button>
      {recent.length ? (
        <div>
          <p className="mt-1 text-xs font-semibold text-gray-500">Recently used</p>
          <ul>
            {recent.map((item) => (
              <li key={`${item.from}|${item.to}`}>
                <button type="button" className="text-xs text-blue-700 hover:underline" onClick={() => apply(item)}>
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
