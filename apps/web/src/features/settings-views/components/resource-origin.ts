import { NIL_AGENT_ID } from '@mc/contracts';
import type { EditableResource } from './resource-model';

/** Where a resource managed outside the console comes from, and a link there when it has a page. */
export interface ResourceOrigin {
  label: string;
  href?: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** True when the resource was made in the console (source empty or 'UI'); anything else is read-only (001 §4). */
export function isEditable(resource: Pick<EditableResource, 'source'>): boolean {
  return !resource.source || resource.source === 'UI';
}

/**
 * The origin of a read-only resource (001 §2): an agent (linked to its settings row), a Kubernetes
 * custom resource (linked to its catalog item when the source names one), a component (linked to the
 * topology), or a local file (named, no page).
 */
export function resourceOrigin(resource: EditableResource): ResourceOrigin {
  const source = resource.source ?? '';
  if (resource.agent_id && resource.agent_id !== NIL_AGENT_ID) {
    const name = resource.agent_details?.name ?? resource.agent_id;
    return { label: `Agent ${name}`, href: `/settings/agents?id=${encodeURIComponent(resource.agent_id)}` };
  }
  const id = UUID.exec(source)?.[0];
  if (/^kubernetes/i.test(source)) {
    return { label: `Kubernetes custom resource ${source}`, ...(id ? { href: `/catalog/${id}` } : {}) };
  }
  if (/^component/i.test(source)) return { label: `Component ${source}`, ...(id ? { href: `/topology/${id}` } : {}) };
  if (/file/i.test(source)) return { label: `Local file ${source}` };
  return { label: source };
}
