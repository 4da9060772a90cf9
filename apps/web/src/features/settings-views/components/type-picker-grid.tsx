import type { ResourceType, SpecType } from './resource-model';

/** The resource-type picker grid (001 §2): one tile per spec type, saying whether it opens a form or code. */
export function TypePickerGrid({ type, onPick }: { type: ResourceType; onPick: (specType: SpecType) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={`${type.singular} types`}>
      {type.specTypes.map((specType) => (
        <li key={specType.id}>
          <button
            type="button"
            onClick={() => onPick(specType)}
            className="flex w-full flex-col items-start gap-1 rounded border border-border bg-surface p-4 text-left hover:border-primary hover:bg-primary-soft"
          >
            <span className="font-medium text-fg">{specType.label}</span>
            <span className="text-xs text-fg-subtle">{specType.kind === 'form' ? 'Form' : 'Code'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
