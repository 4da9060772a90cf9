import { parseBoundedJson } from '../../platform/bounded-json.js';
import { findResourceSchema, jsonSchemaOf } from './resource-schemas.js';
import { validateSpecValue } from './yaml-validation.js';

/**
 * The data API's write check for the schema-driven tables (canaries, topologies, catalog scrapers,
 * notification rules, teams, log backends, playbooks): a written `spec` must match its type's JSON
 * schema, the same one the editor validates against, so a script cannot store a spec the console and
 * the runtimes would refuse. Answers the problem in words, or undefined when the row may be written.
 */
export function specRowCheck(table: string, row: Readonly<Record<string, unknown>>): string | undefined {
  if (!('spec' in row)) return undefined;
  const entry = findResourceSchema(table);
  if (!entry || entry.table !== table) return undefined;
  const spec = typeof row.spec === 'string' ? parseJson(row.spec) : row.spec;
  const issues = validateSpecValue(spec ?? null, jsonSchemaOf(entry));
  if (issues.length === 0) return undefined;
  const listed = issues.slice(0, 5).map((issue) => `spec${issue.path.replaceAll('/', '.')}: ${issue.message}`);
  return `Invalid ${entry.title} spec: ${listed.join('; ')}`;
}

function parseJson(text: string): unknown {
  try {
    return parseBoundedJson(text);
  } catch {
    return text; // not JSON (or over the limits): validated as the string it is
  }
}
