import type { ResourceType, SpecType } from '../resource-model';

/** The resource-type picker grid (001 §2): one tile per spec type, saying whether it opens a form or code. */
export function TypePickerGrid({ type, onPick }: { type: ResourceType; onPick: (specType: SpecType) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={`${type.singular} types`}>
      {type.specTypes.map((specType) => (
        <li key={specType.id}>
          <button
            type="button"
            onClick={() => onPick(specType)}
            className="flex w-full flex-col items-start gap-1 rounded border border-gray-200 bg-white p-4 text-left hover:border-blue-400 hover:bg-blue-50"
          >
            <span className="font-medium text-gray-900">{specType.label}</span>
            <span className="text-xs text-gray-500">{specType.kind === 'form' ? 'Form' : 'Code'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
