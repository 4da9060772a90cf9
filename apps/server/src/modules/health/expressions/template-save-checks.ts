/**
 * Save-time checks of the Go templates in a canary's checks, so a template that cannot run is refused
 * with the canary (a 400 naming the field) rather than failing every run: a syntax error or a function
 * the engine does not have in a `test`/`display`/`transform` template, a `jsonPath` block (not
 * implemented: canary-checker's gomplate evaluates it to nothing), and the template of a SQL check's
 * `query` and a folder check's `path`, `filter.since` and `filter.regex` (rendered before each run with
 * `last_result`, runner/stateful-query.ts and runner/folder-template.ts).
 */
import { FOLDER_TEMPLATED_FIELDS, folderFieldText } from '@mc/contracts';
import { goTemplateProblem } from '../../../platform/go-template/index.js';

const BLOCKS = ['test', 'display', 'transform'] as const;
const TEMPLATED_QUERY_TYPES = new Set(['postgres', 'mysql']);
/** The function a query or folder template has besides the engine's own. */
const QUERY_FUNCTIONS = ['last_result'] as const;

function entryErrors(type: string, index: number, check: Record<string, unknown>): string[] {
  const errors: string[] = [];
  for (const block of BLOCKS) {
    const value = check[block];
    // Reading one optional block off a check entry; its `template` is type-checked next.
    const template = value && typeof value === 'object' ? (value as { template?: unknown }).template : undefined;
    const problem = typeof template === 'string' ? goTemplateProblem(template) : null;
    if (problem) errors.push(`spec.${type}[${index}].${block}.template: ${problem}`);
    // Reading the optional jsonPath of the same block.
    if (value && typeof value === 'object' && (value as { jsonPath?: unknown }).jsonPath !== undefined) {
      errors.push(
        `spec.${type}[${index}].${block}.jsonPath: is not supported by this server; write ${block}.expr (CEL)`,
      );
    }
  }
  if (TEMPLATED_QUERY_TYPES.has(type) && typeof check.query === 'string' && check.query.includes('{{')) {
    const problem = goTemplateProblem(check.query, QUERY_FUNCTIONS);
    if (problem) errors.push(`spec.${type}[${index}].query: ${problem}`);
  }
  if (type === 'folder') {
    for (const field of FOLDER_TEMPLATED_FIELDS) {
      const source = folderFieldText(check, field);
      const problem = source?.includes('{{') ? goTemplateProblem(source, QUERY_FUNCTIONS) : null;
      if (problem) errors.push(`spec.${type}[${index}].${field}: ${problem}`);
    }
  }
  return errors;
}

/** Every template problem of the canary's checks, as `spec.<type>[i].<field>: <reason>`. */
export function templateExpressionErrors(spec: Record<string, unknown>, types: readonly string[]): string[] {
  const errors: string[] = [];
  for (const type of types) {
    const list = spec[type];
    if (!Array.isArray(list)) continue;
    list.forEach((check: unknown, index) => {
      if (check && typeof check === 'object')
        errors.push(...entryErrors(type, index, check as Record<string, unknown>)); // an object entry (checked)
    });
  }
  return errors;
}
