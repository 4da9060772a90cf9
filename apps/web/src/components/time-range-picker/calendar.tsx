import { clsx } from 'clsx';
import { useState } from 'react';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'YYYY-MM-DD' of a local date. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A month grid; choosing a day calls onSelect with its 'YYYY-MM-DD'. */
export function Calendar({ onSelect, selected }: { onSelect: (day: string) => void; selected?: string }) {
  const [month, setMonth] = useState(() => {
    const base = selected ? new Date(`${selected.slice(0, 10)}T00:00:00`) : new Date();
    return new Date(Number.isNaN(base.getTime()) ? Date.now() : base.getTime());
  });
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const lead = (first.getDay() + 6) % 7;
  const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const cells = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => i + 1)];
  const title = first.toLocaleString('en-US', { month: 'long', year: 'numeric' });
  return (
    <div className="w-64 text-xs" data-testid="calendar">
      <div className="mb-1 flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous month"
          onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() - 1, 1))}
        >
          ‹
        </button>
        <span className="font-medium">{title}</span>
        <button
          type="button"
          aria-label="Next month"
          onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() + 1, 1))}
        >
          ›
        </button>
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center">
        {WEEKDAYS.map((day) => (
          <span key={day} className="text-gray-400">
            {day}
          </span>
        ))}
        {cells.map((day, index) => {
          if (day === null) return <span key={`lead-${index.toString()}`} />;
          const value = isoDay(new Date(month.getFullYear(), month.getMonth(), day));
          return (
            <button
              key={value}
              type="button"
              aria-label={value}
              onClick={() => onSelect(value)}
              className={clsx(
                'rounded py-0.5 hover:bg-blue-50',
                selected?.startsWith(value) && 'bg-blue-600 text-white',
              )}
            >
              {day}
            </button>
          );
        })}
      </div>
    </div>
  );
}
