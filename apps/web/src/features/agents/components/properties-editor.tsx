import { X } from 'lucide-react';
/** One key/value row of the editor. */
export interface PropertyPair {
  key: string;
  value: string;
}

/** Rows from a properties map, in key order. */
export function pairsFrom(properties: Record<string, string> | null | undefined): PropertyPair[] {
  return Object.entries(properties ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, value: String(value) }));
}

/** The properties map of the rows; rows without a key are dropped. */
export function pairsToMap(pairs: readonly PropertyPair[]): Record<string, string> {
  return Object.fromEntries(
    pairs.filter((pair) => pair.key.trim() !== '').map((pair) => [pair.key.trim(), pair.value]),
  );
}

const inputClass = 'w-full rounded border border-border-strong px-2 py-1 text-sm';

/** Edits an agent's properties as rows of key and value, with add and remove. */
export function PropertiesEditor({
  pairs,
  disabled = false,
  onChange,
}: {
  pairs: PropertyPair[];
  disabled?: boolean;
  onChange: (pairs: PropertyPair[]) => void;
}) {
  const set = (index: number, next: Partial<PropertyPair>) =>
    onChange(pairs.map((pair, at) => (at === index ? { ...pair, ...next } : pair)));
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">Properties</legend>
      {pairs.map((pair, index) => (
        // Rows have no identity but their position while being edited.
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's key text changes as it is typed
        <div key={index} className="flex gap-2">
          <input
            aria-label={`Property ${index + 1} name`}
            placeholder="Name"
            className={inputClass}
            value={pair.key}
            onChange={(event) => set(index, { key: event.target.value })}
          />
          <input
            aria-label={`Property ${index + 1} value`}
            placeholder="Value"
            className={inputClass}
            value={pair.value}
            onChange={(event) => set(index, { value: event.target.value })}
          />
          <button
            type="button"
            aria-label={`Remove property ${index + 1}`}
            className="inline-flex items-center rounded px-2 text-fg-subtle hover:bg-surface-hover"
            onClick={() => onChange(pairs.filter((_, at) => at !== index))}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
      <button
        type="button"
        className="self-start text-sm text-link"
        onClick={() => onChange([...pairs, { key: '', value: '' }])}
      >
        Add property
      </button>
    </fieldset>
  );
}
