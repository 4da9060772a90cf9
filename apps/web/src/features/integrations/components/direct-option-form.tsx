import { useState } from 'react';
import { newResource, ResourceEditor, resourceType, type SpecType, TypePickerGrid } from '../../settings-views';
import type { DirectOption } from './integration-options';

/**
 * An "Add Directly" form inside the wizard: the generic editor of the option's resource (its spec-type
 * picker first when it has several, as the Catalog Scraper does); saving or cancelling goes to the
 * option's return path, Back returns to the option grid.
 */
export function DirectOptionForm({ option, onBack }: { option: DirectOption; onBack: () => void }) {
  const type = resourceType(option.table);
  const only = type && type.specTypes.length === 1 ? type.specTypes[0] : undefined;
  const [specType, setSpecType] = useState<SpecType | undefined>(only);
  if (!type) return null;
  if (!specType) {
    return (
      <div className="flex flex-col gap-3">
        <TypePickerGrid type={type} onPick={setSpecType} />
        <div>
          <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onBack}>
            Back
          </button>
        </div>
      </div>
    );
  }
  return (
    <ResourceEditor
      key={specType.id}
      type={type}
      specType={specType}
      initial={newResource(type, specType)}
      onBack={only ? onBack : () => setSpecType(undefined)}
      {...(option.returnPath ? { listPath: option.returnPath } : {})}
    />
  );
}
