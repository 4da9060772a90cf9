import type { SpecIssue } from '../../../components/yaml-editor/spec-issue';
import { ApiError } from '../../../lib/api/api-error';
import { apiRequest } from '../../../lib/api/client';
import type { ResourceType } from '../components/resource-model';

function issuesOf(error: ApiError): SpecIssue[] {
  const details = error.response.data.details;
  const issues =
    typeof details === 'object' && details !== null && 'issues' in details
      ? (details as { issues: unknown }).issues
      : []; // the validate endpoint's 400 carries details.issues
  if (!Array.isArray(issues) || issues.length === 0) return [{ line: 1, column: 1, path: '', message: error.message }];
  return issues as SpecIssue[]; // shape fixed by the server's validate endpoint (settings-views/yaml-validation.ts)
}

/**
 * Validates YAML against the type's JSON schema on the server (`POST /api/schemas/{type}/validate`):
 * `document` is a whole Code-tab document, `spec` the spec alone. Answers the issues, empty when valid.
 */
export async function validateYaml(
  type: ResourceType,
  body: { document: string } | { spec: string },
): Promise<SpecIssue[]> {
  try {
    await apiRequest(`/api/schemas/${type.schemaType}/validate`, { method: 'POST', body });
    return [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return issuesOf(error);
    throw error;
  }
}
