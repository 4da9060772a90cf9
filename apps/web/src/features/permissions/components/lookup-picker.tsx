import { useState } from 'react';
import { SearchComboBox } from '../../../components/ui/combobox';
import { useDebounced } from '../../../components/use-debounced';
import { LOOKUP_SOURCES, type LookupKind, useLookup } from '../api/lookups';
import { parseResourceQuery, RESOURCE_SEARCH_HINT } from '../api/resource-query';

/** The kinds whose picker is upstream's resource selector, with its query hint (001 §5). */
const HINTED = new Set<LookupKind>(['config', 'component']);

/**
 * Picks one person, team, notification, config, component, connection or playbook: a combobox whose
 * typing searches the server (300 ms debounce, 001 §9 resource selector) and lists the first 100
 * matches. What is typed is read as 001 §5's query (`name=grafana type=Kubernetes::Deployment`, plain
 * words search the name); catalog and component pickers show the query hint. The current choice stays
 * listed under its known name even when the search leaves it out.
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
  const parsed = parseResourceQuery(debounced, LOOKUP_SOURCES[kind].keys);
  const options = useLookup(kind, 'filters' in parsed ? parsed.filters : null);
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
      {...(HINTED.has(kind) ? { description: RESOURCE_SEARCH_HINT } : {})}
      {...('problem' in parsed ? { problem: parsed.problem } : {})}
    />
  );
}
