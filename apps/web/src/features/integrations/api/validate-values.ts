import type { SpecIssue } from '../../../components/yaml-editor/spec-issue';
import { ApiError } from '../../../lib/api/api-error';
import { apiRequest } from '../../../lib/api/client';

/**
 * Validates chart values (YAML text) against the chart's JSON schema on the server
 * (`POST /api/integrations/charts/{id}/validate`); the issues with their lines, empty when valid.
 */
export async function validateChartValues(chartId: string, values: string, signal?: AbortSignal): Promise<SpecIssue[]> {
  try {
    await apiRequest(`/api/integrations/charts/${encodeURIComponent(chartId)}/validate`, {
      method: 'POST',
      body: { values },
      ...(signal ? { signal } : {}),
    });
    return [];
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const details = error.response.data.details;
    const issues =
      typeof details === 'object' && details !== null && 'issues' in details
        ? (details as { issues: unknown }).issues
        : undefined; // the validate endpoint's 400 carries details.issues
    if (Array.isArray(issues) && issues.length > 0) return issues as SpecIssue[]; // shape fixed by the server
    return [{ line: 1, column: 1, path: '', message: error.message }];
  }
}
