import { clsx } from 'clsx';

/** The tabs of the dashboard (001 §2): All plus the distinct values of the Tab By key. */
export function HealthTabs({
  tabs,
  active,
  onChange,
}: {
  tabs: readonly string[];
  active: string;
  onChange: (tab: string) => void;
}) {
  return (
    <div role="tablist" aria-label="Tabs" className="flex flex-wrap gap-1 border-b border-gray-200">
      {['All', ...tabs].map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === active}
          onClick={() => onChange(tab)}
          className={clsx(
            '-mb-px border-b-2 px-3 py-1 text-sm',
            tab === active ? 'border-blue-600 font-medium text-blue-700' : 'border-transparent text-gray-600',
          )}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}
