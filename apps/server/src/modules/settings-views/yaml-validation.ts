import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { isNode, LineCounter } from 'yaml';
import { boundedToJs, parseBoundedYamlDocument } from '../../platform/bounded-yaml.js';
import type { JsonSchema } from './resource-schemas.js';

/** One problem in an edited spec, at its 1-based line and column. */
export interface SpecIssue {
  line: number;
  column: number;
  /** JSON pointer of the value at fault ('' for the document). */
  path: string;
  message: string;
}

/** The outcome of validating spec text: the parsed value when it is valid, else the issues. */
export type SpecValidation = { valid: true; value: unknown } | { valid: false; issues: SpecIssue[] };

// verbose: a pattern error carries its schema, whose description says in words what the pattern wants.
const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true });
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: JsonSchema): ValidateFunction {
  const id = String(schema.$id ?? JSON.stringify(schema));
  let validate = compiled.get(id);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(id, validate);
  }
  return validate;
}

const decodePointer = (pointer: string): (string | number)[] =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

function describe(error: ErrorObject): string {
  // ajv types params per keyword; each branch below reads its keyword's fields.
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${String(params.missingProperty)} is required`;
  if (error.keyword === 'additionalProperties') return `${String(params.additionalProperty)} is not allowed here`;
  if (error.keyword === 'enum') return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
  const where = error.instancePath ? error.instancePath.split('/').pop() : 'spec';
  const wanted = (error.parentSchema as { description?: unknown } | undefined)?.description; // verbose errors carry it
  if (error.keyword === 'pattern' && typeof wanted === 'string') return `${where} ${wanted}`;
  return `${where} ${error.message ?? 'is invalid'}`;
}

/**
 * Parses YAML (or JSON, a subset) and validates it against a JSON schema. Parse errors and schema
 * errors come back with the line and column of the offending text, for the editor to mark. Text
 * over the document limits (size, depth, aliases) is a 400 naming the limit, before parsing.
 */
export function validateSpecText(text: string, schema: JsonSchema): SpecValidation {
  const lineCounter = new LineCounter();
  const document = parseBoundedYamlDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      valid: false,
      issues: document.errors.map((error) => ({
        line: error.linePos?.[0].line ?? 1,
        column: error.linePos?.[0].col ?? 1,
        path: '',
        message: error.message.split('\n')[0] ?? 'Invalid YAML',
      })),
    };
  }
  const value: unknown = boundedToJs(document) ?? {};
  const validate = validatorFor(schema);
  if (validate(value)) return { valid: true, value };
  const at = (pointer: string) => {
    const node = document.getIn(decodePointer(pointer), true);
    const offset = isNode(node) && node.range ? node.range[0] : 0;
    return lineCounter.linePos(offset);
  };
  const issues = (validate.errors ?? []).map((error) => {
    const { line, col } = at(error.instancePath);
    return { line, column: col, path: error.instancePath, message: describe(error) };
  });
  return { valid: false, issues: issues.sort((a, b) => a.line - b.line || a.column - b.column) };
}

/** Validates an already parsed value (a JSON body's spec) against a JSON schema; the issues, or none. */
export function validateSpecValue(value: unknown, schema: JsonSchema): { path: string; message: string }[] {
  const validate = validatorFor(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => ({ path: error.instancePath, message: describe(error) }));
}
