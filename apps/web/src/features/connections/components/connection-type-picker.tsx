import { CONNECTION_TYPES, type ConnectionTypeDefinition } from '@mc/contracts';
import { useState } from 'react';
import { ResourceIcon } from '../../../components/resource-icon';

/** The grid of connection types a new connection starts from; hidden types (jmeter) are not offered. */
export function ConnectionTypePicker({ onPick }: { onPick: (definition: ConnectionTypeDefinition) => void }) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = CONNECTION_TYPES.filter(
    (definition) =>
      !definition.hidden &&
      (!needle || definition.label.toLowerCase().includes(needle) || definition.type.includes(needle)),
  );
  return (
    <div className="flex flex-col gap-3">
      <input
        type="search"
        aria-label="Search connection types"
        placeholder="Search"
        className="rounded border border-border-strong px-2 py-1.5 text-sm"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {shown.map((definition) => (
          <li key={definition.type}>
            <button
              type="button"
              onClick={() => onPick(definition)}
              className="flex w-full items-center gap-3 rounded border border-border px-3 py-3 text-left text-sm hover:border-primary hover:bg-primary-soft"
            >
              <ResourceIcon source={{ type: definition.type }} className="size-6" />
              <span className="min-w-0">
                {definition.label}
                {definition.notification ? <span className="block text-xs text-fg-subtle">Notifications</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
