import { useState } from 'react';
import { SearchComboBox } from '../../../components/ui/combobox';
import { useDebounced } from '../../../components/use-debounced';
import {
  type ParameterChoice,
  type PickerParameterType,
  useParameterChoiceName,
  useParameterChoices,
} from '../api/parameter-choices';

/** Debounce of a picker's search (001 §9 resource selector). */
const SEARCH_DEBOUNCE_MS = 300;

function choiceLabel(choice: ParameterChoice): string {
  if (choice.type) return `${choice.name} (${choice.type})`;
  if (choice.email) return `${choice.name} <${choice.email}>`;
  return choice.name;
}

/**
 * A `people`, `team`, `component`, `config` or `check` parameter of the Run Playbook dialog: a
 * combobox whose typing searches the server and whose value is the chosen row's id (what the run
 * receives). The current choice stays listed under its name even when a search leaves it out.
 */
export function ParameterPicker({
  type,
  label,
  value,
  onChange,
}: {
  type: PickerParameterType;
  label: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = useParameterChoices(type, debounced);
  const current = useParameterChoiceName(type, value);
  const list = options.data ?? [];
  const choices = list.map((choice) => ({ value: choice.id, label: choiceLabel(choice) }));
  if (value && !list.some((choice) => choice.id === value)) {
    choices.unshift({ value, label: current.data ? choiceLabel(current.data) : value });
  }
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
