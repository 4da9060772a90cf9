import { Link } from 'react-router';
import { YamlEditor } from '../../../components/yaml-editor/lazy-yaml-editor';
import { resourceToDocument, toYaml } from './resource-document';
import type { EditableResource, ResourceType } from './resource-model';
import { resourceOrigin } from './resource-origin';

/** A resource managed elsewhere (source not 'UI', 001 §2 and §4): its YAML, read-only, and a link to its origin. */
export function ReadOnlyResource({ type, resource }: { type: ResourceType; resource: EditableResource }) {
  const origin = resourceOrigin(resource);
  return (
    <div className="flex flex-col gap-3">
      <p className="rounded border border-status-warning/40 bg-status-warning-soft p-3 text-sm text-status-warning">
        This {type.singular.toLowerCase()} is managed outside Mission Control and is read-only here. Origin:{' '}
        {origin.href ? (
          <Link to={origin.href} className="text-link hover:underline">
            {origin.label}
          </Link>
        ) : (
          <span>{origin.label}</span>
        )}
      </p>
      <YamlEditor label="Spec" value={toYaml(resourceToDocument(type, resource))} readOnly />
    </div>
  );
}
