import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { resourceToDocument } from '../components/resource-document';
import type { EditableResource, ResourceType } from '../components/resource-model';
import { resourceToRow } from '../components/resource-rows';
import { resourceKeys } from './keys';

/**
 * Writes a resource. Canaries go through the health API (`POST /api/canaries`, `PUT
 * /api/canaries/{id}`) so their checks and schedule follow, with the agent that runs them beside the
 * document; the other tables through the data API, with `created_by` on create.
 */
export async function saveResource(
  type: ResourceType,
  resource: EditableResource,
  createdBy: string | undefined,
): Promise<void> {
  if (type.table === 'canaries') {
    const body = {
      ...resourceToDocument(type, resource),
      ...(resource.agent_id ? { agent_id: resource.agent_id } : {}),
    };
    if (resource.id) await apiRequest(`/api/canaries/${resource.id}`, { method: 'PUT', body });
    else await apiRequest('/api/canaries', { method: 'POST', body });
    return;
  }
  const row = resourceToRow(type.table, resource);
  if (resource.id) {
    await apiRequest(`/api/db/${type.table}`, { method: 'PATCH', query: { id: `eq.${resource.id}` }, body: row });
  } else {
    await apiRequest(`/api/db/${type.table}`, {
      method: 'POST',
      body: { ...row, source: 'UI', created_by: createdBy },
    });
  }
}

/** Soft-deletes a resource: canaries through the health API, other tables by setting deleted_at. */
export async function deleteResource(type: ResourceType, resource: EditableResource): Promise<void> {
  if (!resource.id) return;
  if (type.table === 'canaries') {
    await apiRequest(`/api/canaries/${resource.id}`, { method: 'DELETE' });
    return;
  }
  await apiRequest(`/api/db/${type.table}`, {
    method: 'PATCH',
    query: { id: `eq.${resource.id}` },
    body: { deleted_at: new Date().toISOString() },
  });
}

/** Save and delete of one table's resources; both refresh the table's queries. */
export function useResourceMutations(type: ResourceType, createdBy: string | undefined) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: resourceKeys.table(type.table) });
  const save = useMutation({
    mutationFn: (resource: EditableResource) => saveResource(type, resource, createdBy),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (resource: EditableResource) => deleteResource(type, resource),
    onSuccess: refresh,
  });
  return { save, remove };
}
