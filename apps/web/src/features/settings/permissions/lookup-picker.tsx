import { useState } from 'react';
import { useDebounced } from '../../../components/use-debounced';
import { type LookupKind, useLookup } from './api/lookups';

/**
 * Picks one person, team, notification, config, component, connection or playbook by name: a search
 * box (300 ms debounce, 001 §9 resource selector) over a select of the first 100 matches. The current
 * choice stays listed under its known name even when the search leaves it out.
 */
export function LookupPicker({
  kind,
  label,
  value,
  currentName,
  onChange,
}: {
  kind: LookupKind;
  label: string;
  value: string;
  currentName?: string;
  onChange: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const options = useLookup(kind, debounced);
  const list = options.data ?? [];
  const missing = value && !list.some((option) => option.id === value);
  return (
    <div className="flex flex-col gap-1">
      <input
        type="search"
        aria-label={`Search ${label}`}
        placeholder="Start typing to search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="rounded border border-border-strong px-2 py-1.5"
      />
      <select
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded border border-border-strong px-2 py-1.5"
      >
        <option value="">{list.length === 0 && !options.isPending ? 'No options found' : `Select ${label}`}</option>
        {missing ? <option value={value}>{currentName ?? value}</option> : null}
        {list.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
            {option.type ? ` (${option.type})` : option.email ? ` <${option.email}>` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
