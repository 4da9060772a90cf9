import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * A row of tabs under a rule, the active one underlined (001 §2: dashboard tabs, resource and editor
 * tabs, detail tabs). The caller owns which tab is active — in the URL or in state — and renders the
 * panel; `labelOf` names a tab whose id is not its text.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  active,
  onChange,
  labelOf = (tab) => tab,
}: {
  label?: string;
  tabs: readonly T[];
  active: T;
  onChange: (tab: T) => void;
  labelOf?: (tab: T) => ReactNode;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-gray-200">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === active}
          onClick={() => onChange(tab)}
          className={clsx(
            '-mb-px border-b-2 px-3 py-1.5 text-sm',
            tab === active ? 'border-blue-600 font-medium text-blue-700' : 'border-transparent text-gray-600',
          )}
        >
          {labelOf(tab)}
        </button>
      ))}
    </div>
  );
}
