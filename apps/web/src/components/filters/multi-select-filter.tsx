import { SELECTION_SUMMARY_THRESHOLD } from '@mc/contracts';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, DialogTrigger } from 'react-aria-components';
import { type FilterSelection, setSelectionState, setTagState, type TriState } from '../../lib/filters';
import { Popover } from '../ui/popover';
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
 * key keep only one state. At 4 or more selected the button shows a count summary. The list opens in
 * a popover kept on screen, with a search box that narrows it; Escape closes it.
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
  const [query, setQuery] = useState('');
  const apply = (value: string, state: TriState) =>
    onChange(tags ? setTagState(selection, value, state) : setSelectionState(selection, value, state));
  const count = Object.keys(selection).length;
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? options.filter((option) => (option.label ?? option.value).toLowerCase().includes(needle))
    : options;
  return (
    <DialogTrigger onOpenChange={(open) => (open ? undefined : setQuery(''))}>
      <Button className="inline-flex items-center gap-2 rounded border border-border-strong bg-surface px-2 py-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-focus">
        <span className="text-fg-muted">{label}:</span>
        {count === 0 ? <span>All</span> : null}
        {count >= SELECTION_SUMMARY_THRESHOLD ? <span>{count} selected</span> : null}
        {count > 0 && count < SELECTION_SUMMARY_THRESHOLD ? <FilterChips selection={selection} /> : null}
        <ChevronDown aria-hidden="true" className="size-3.5 text-fg-subtle" />
      </Button>
      <Popover className="max-h-80 w-72 p-1 text-sm">
        <Dialog aria-label={label} className="outline-none">
          <input
            type="search"
            aria-label={`Search ${label}`}
            placeholder="Search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="mb-1 w-full rounded border border-border-strong bg-surface px-2 py-1 text-sm"
          />
          <ul>
            {shown.map((option) => {
              const state: TriState = selection[option.value] ?? 0;
              return (
                <li
                  key={option.value}
                  className="flex items-center justify-between gap-2 rounded px-2 py-1 hover:bg-surface-hover"
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
            {shown.length === 0 ? <li className="px-2 py-1 text-fg-subtle">No options found</li> : null}
          </ul>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
