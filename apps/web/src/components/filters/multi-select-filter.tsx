import { SELECTION_SUMMARY_THRESHOLD } from '@mc/contracts';
import { useId, useState } from 'react';
import { type FilterSelection, setSelectionState, setTagState, type TriState } from '../../lib/filters';
import { FilterChips } from './filter-chips';
import { TriStateToggle } from './tri-state-toggle';

/** One option of a multi-select filter. */
export interface FilterOption {
  value: string;
  label?: string;
}

/**
 * A dropdown of options, each included or excluded (001 §4). Choosing an option's label includes
 * it; the toggle beside it switches include/exclude; 0 removes it. With `tags`, items sharing a tag
 * key keep only one state. At 4 or more selected the button shows a count summary.
 */
export function MultiSelectFilter({
  label,
  options,
  selection,
  onChange,
  tags = false,
}: {
  label: string;
  options: readonly FilterOption[];
  selection: FilterSelection;
  onChange: (selection: FilterSelection) => void;
  tags?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const apply = (value: string, state: TriState) =>
    onChange(tags ? setTagState(selection, value, state) : setSelectionState(selection, value, state));
  const count = Object.keys(selection).length;
  return (
    <div className="relative inline-block text-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 rounded border border-gray-300 bg-white px-2 py-1"
      >
        <span className="text-gray-600">{label}:</span>
        {count === 0 ? <span>All</span> : null}
        {count >= SELECTION_SUMMARY_THRESHOLD ? <span>{count} selected</span> : null}
        {count > 0 && count < SELECTION_SUMMARY_THRESHOLD ? <FilterChips selection={selection} /> : null}
      </button>
      {open ? (
        <ul
          id={listId}
          className="absolute z-20 mt-1 max-h-72 w-72 overflow-auto rounded border border-gray-200 bg-white p-1 shadow-lg"
        >
          {options.map((option) => {
            const state: TriState = selection[option.value] ?? 0;
            return (
              <li
                key={option.value}
                className="flex items-center justify-between gap-2 rounded px-2 py-1 hover:bg-gray-50"
              >
                <button
                  type="button"
                  className="flex-1 truncate text-left"
                  onClick={() => apply(option.value, state === 1 ? 0 : 1)}
                >
                  {option.label ?? option.value}
                </button>
                <TriStateToggle
                  label={option.label ?? option.value}
                  value={state}
                  onChange={(next) => apply(option.value, next)}
                />
              </li>
            );
          })}
          {options.length === 0 ? <li className="px-2 py-1 text-gray-500">No options found</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
