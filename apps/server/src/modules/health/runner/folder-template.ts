/**
 * canary-checker renders a folder check's fields as Go templates before listing (checks/folder.go
 * templates the check with its environment and `last_result`), so a check can list only what changed
 * since its previous run: `filter.since: '{{ last_result.results.… }}'`. This server renders `path`,
 * `filter.since` and `filter.regex` the same way (check-template.ts). The rendered spec is validated and
 * run like any other, so a rendered path is still listed only below the folder roots and a rendered
 * `since` or `regex` is read as a typed one.
 */
import { FOLDER_TEMPLATED_FIELDS, folderFieldText } from '@mc/contracts';
import { GoTemplateError } from '../../../platform/go-template/index.js';
import { type CheckTemplateData, lastResultOf, renderCheckTemplate } from './check-template.js';
import type { PreviousRun } from './last-result.repo.js';

/** Whether the spec is a folder check with a templated field. */
export function isTemplatedFolder(type: string, spec: unknown): spec is Record<string, unknown> {
  if (type !== 'folder' || spec === null || typeof spec !== 'object') return false;
  // a folder check's spec object (validated at save)
  return FOLDER_TEMPLATED_FIELDS.some((field) =>
    folderFieldText(spec as Record<string, unknown>, field)?.includes('{{'),
  );
}

/**
 * The spec with its templated fields rendered, or the first render error as `<field>: <reason>`. The
 * previous run is read once, and only when a template names last_result.
 */
export async function withRenderedFolder(
  spec: Record<string, unknown>,
  data: CheckTemplateData,
  previous: () => Promise<PreviousRun | undefined>,
): Promise<{ spec: Record<string, unknown> } | { error: string }> {
  let lastResult: Promise<Record<string, unknown>> | undefined;
  const readLastResult = () => {
    lastResult ??= previous().then(lastResultOf);
    return lastResult;
  };
  const rendered: Record<string, unknown> = { ...spec };
  for (const field of FOLDER_TEMPLATED_FIELDS) {
    const source = folderFieldText(spec, field);
    if (!source?.includes('{{')) continue;
    let text: string;
    try {
      text = await renderCheckTemplate(source, data, readLastResult);
    } catch (error) {
      if (error instanceof GoTemplateError) return { error: `${field}: ${error.message}` };
      throw error;
    }
    const [head, tail] = field.split('.') as [string, string | undefined];
    // the filter object the field came from
    rendered[head] = tail === undefined ? text : { ...(rendered[head] as Record<string, unknown>), [tail]: text };
  }
  return { spec: rendered };
}
