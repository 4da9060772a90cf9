import { MultiSelectFilter } from '../../../components/filters/multi-select-filter';
import { Switch } from '../../../components/ui/switch';
import type { FilterSelection } from '../../../lib/filters';
import type { LabelOption } from './dashboard-filters';

function labelsOf(selection: FilterSelection, key: string): FilterSelection {
  return Object.fromEntries(Object.entries(selection).filter(([item]) => item.startsWith(`${key}=`)));
}

/**
 * The dashboard's filter sidebar (001 §2): Hide Passing (on by default) and one filter per label key;
 * keys whose values are only true/false are switches (on = `key=true` included).
 */
export function HealthFilterSidebar({
  hidePassing,
  onHidePassing,
  labels,
  options,
  onLabels,
}: {
  hidePassing: boolean;
  onHidePassing: (value: boolean) => void;
  labels: FilterSelection;
  options: readonly LabelOption[];
  onLabels: (labels: FilterSelection) => void;
}) {
  const replaceKey = (key: string, next: FilterSelection) => {
    const others = Object.fromEntries(Object.entries(labels).filter(([item]) => !item.startsWith(`${key}=`)));
    onLabels({ ...others, ...next });
  };
  return (
    <aside aria-label="Filters" className="flex w-64 shrink-0 flex-col gap-3 border-r border-border bg-surface p-3">
      <Switch label="Hide Passing" checked={hidePassing} onChange={onHidePassing} />
      {options.length > 0 ? <h2 className="text-xs font-semibold uppercase text-fg-subtle">Labels</h2> : null}
      {options.map((option) =>
        option.boolean ? (
          <Switch
            key={option.key}
            label={option.key}
            checked={labels[`${option.key}=true`] === 1}
            onChange={(on) => replaceKey(option.key, on ? { [`${option.key}=true`]: 1 } : {})}
          />
        ) : (
          <MultiSelectFilter
            key={option.key}
            label={option.key}
            options={option.values.map((value) => ({ value: `${option.key}=${value}`, label: value }))}
            selection={labelsOf(labels, option.key)}
            onChange={(next) => replaceKey(option.key, next)}
          />
        ),
      )}
    </aside>
  );
}
