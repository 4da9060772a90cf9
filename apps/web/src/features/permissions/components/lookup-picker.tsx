import { useState } from 'react';
import { SearchComboBox } from '../../../components/ui/combobox';
import { useDebounced } from '../../../components/use-debounced';
import { type LookupKind, useLookup } from '../api/lookups';

/**
 * Picks one person, team, notification, config, component, connection or playbook by name: a
 * combobox whose typing searches the server (300 ms debounce, 001 §9 resource selector) and lists
 * the first 100 matches. The current choice stays listed under its known name even when the search
 * leaves it out.
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
  const choices = list.map((option) => ({
    value: option.id,
    label: `${option.name}${option.type ? ` (${option.type})` : option.email ? ` <${option.email}>` : ''}`,
  }));
  if (value && !list.some((option) => option.id === value)) choices.unshift({ value, label: currentName ?? value });
  return (
    <SearchComboBox
      label={label}
      value={value}
      choices={choices}
      onChange={onChange}
      onSearch={(text) => setSearch(choices.some((choice) => choice.label === text) ? '' : text)}
      placeholder="Start typing to search"
    />
  );
}
