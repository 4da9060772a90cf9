/**
 * The settings-views feature's public face: the resource editor (Spec, YAML, validation against the
 * server's schemas) that the scraper, topology and integration pages embed, the resource model and types
 * it edits, and the data hooks that read one resource.
 */
export { useResource } from './api/get-resources';
export { ReadOnlyResource } from './components/read-only-resource';
export { newResource } from './components/resource-document';
export { ResourceEditor } from './components/resource-editor';
export type { EditableResource, ResourceType, SpecType } from './components/resource-model';
export { isEditable } from './components/resource-origin';
export { resourceType, specTypeOf } from './components/resource-types';
export { TypePickerGrid } from './components/type-picker-grid';
