import { CHIP_VISIBLE_ITEMS } from '@mc/contracts';
import { X } from 'lucide-react';
import type { FilterSelection } from '../../lib/filters';

/**
 * Chips of a selection: up to 3 items, then a count of the rest (001 §9). Excluded items are
 * struck through.
 */
export function FilterChips({
  selection,
  onRemove,
}: {
  selection: FilterSelection;
  onRemove?: (value: string) => void;
}) {
  const entries = Object.entries(selection);
  const shown = entries.slice(0, CHIP_VISIBLE_ITEMS);
  const rest = entries.length - shown.length;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {shown.map(([value, state]) => (
        <span
          key={value}
          data-state={state}
          className={
            state === -1
              ? 'inline-flex items-center rounded bg-status-unhealthy-soft px-1.5 text-xs text-status-unhealthy line-through'
              : 'inline-flex items-center rounded bg-primary-soft px-1.5 text-xs text-link'
          }
        >
          {value}
          {onRemove ? (
            <button type="button" aria-label={`Remove ${value}`} className="ml-1" onClick={() => onRemove(value)}>
              <X aria-hidden="true" className="size-3" />
            </button>
          ) : null}
        </span>
      ))}
      {rest > 0 ? <span className="text-xs text-fg-subtle">+{rest} more</span> : null}
    </span>
  );
}
