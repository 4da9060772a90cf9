/**
 * config-db's transform script — `transform.expr` (CEL, with config-db's `catalog.traverse`: catalog-traverse.ts), `transform.gotemplate` (a Go template,
 * platform/go-template) or `transform.javascript` (run in platform/script-sandbox) — over `config` (the
 * document), `result` (`{config}`) and the kind's variables: it returns a list of objects, or that list
 * as JSON text (a Go template's output always is; config-db scripts often end with `JSON.stringify` or
 * `.toJSON()`), and each object becomes one item. As in config-db the
 * whole object is the item's document, and the item fields it sets (`id`, else `uuid`; `name`,
 * `config_type`, `config_class`, `description`, `status`, `health`, `icon`, `labels`, `tags`,
 * `created_at`, `deleted_at`) are taken as they are, before the entry's own `id`, `name`… are read
 * from it. In full mode (`spec.full`) the object's `config` is then stored, and its changes recorded
 * (scrape/full-mode.ts).
 */
import { renderGoTemplate } from '../../../platform/go-template/index.js';
import { runScript } from '../../../platform/script-sandbox/index.js';
import { transformExpressions } from './catalog-traverse.js';
import type { Transform } from './transform-schema.js';

/** Most objects one document's script may return. */
export const MAX_SCRIPT_ITEMS = 50_000;

/** The item fields a script's object set. */
export interface LiftedFields {
  key?: string;
  name?: string;
  type?: string;
  configClass?: string;
  description?: string;
  status?: string;
  health?: string;
  icon?: string;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  createdAt?: string;
  deletedAt?: string;
}

/** One object a script returned: the document and the fields it set. */
export interface ScriptOutput {
  document: unknown;
  lifted: LiftedFields;
}

const STRING_FIELDS = {
  name: 'name',
  config_type: 'type',
  config_class: 'configClass',
  description: 'description',
  status: 'status',
  health: 'health',
  icon: 'icon',
} as const;

function stringMap(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
}

function time(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
}

function lift(object: Record<string, unknown>): LiftedFields {
  const lifted: LiftedFields = {};
  const id = typeof object.id === 'string' && object.id ? object.id : object.uuid;
  if (typeof id === 'string' && id) lifted.key = id;
  for (const [field, name] of Object.entries(STRING_FIELDS)) {
    const value = object[field];
    if (typeof value === 'string' && value) lifted[name] = value;
  }
  const labels = stringMap(object.labels);
  if (labels) lifted.labels = labels;
  const tags = stringMap(object.tags);
  if (tags) lifted.tags = tags;
  const createdAt = time(object.created_at);
  if (createdAt) lifted.createdAt = createdAt;
  const deletedAt = time(object.deleted_at);
  if (deletedAt) lifted.deletedAt = deletedAt;
  return lifted;
}

/** Longest a transform's JavaScript may run per document. */
export const SCRIPT_TIMEOUT_MS = 5_000;

/** A script's answer as items: a list of objects, or that list as JSON text; anything else throws. */
function outputsOf(answer: unknown, language: string): ScriptOutput[] {
  let result = answer;
  if (typeof result === 'string') {
    try {
      result = JSON.parse(result);
    } catch {
      throw new Error(`transform ${language} returned text that is not a JSON list of objects`);
    }
  }
  if (!Array.isArray(result)) throw new Error(`transform ${language} must return a list of objects`);
  if (result.length > MAX_SCRIPT_ITEMS) {
    throw new Error(`transform ${language} returned ${result.length} objects, more than ${MAX_SCRIPT_ITEMS}`);
  }
  return result.map((object, index) => {
    if (typeof object !== 'object' || object === null || Array.isArray(object)) {
      const kind = Array.isArray(object) ? 'list' : typeof object;
      throw new Error(`transform ${language} returned a ${kind} at ${index}, not an object`);
    }
    return { document: object, lifted: lift(object as Record<string, unknown>) };
  });
}

/** Whether the transform has a script (expr, gotemplate or javascript). */
export function hasScript(transform: Transform | undefined): boolean {
  return Boolean(transform?.expr || transform?.gotemplate || transform?.javascript);
}

/** Runs the transform's script over one document; throws an Error when it fails or answers anything but objects. */
export async function scriptOutputs(
  transform: Transform,
  document: unknown,
  vars: Record<string, unknown>,
): Promise<ScriptOutput[]> {
  const env = { ...vars, config: document, result: { config: document } };
  if (transform.expr) return outputsOf(await transformExpressions.evaluate(transform.expr, env), 'expr');
  if (transform.gotemplate) return outputsOf(renderGoTemplate(transform.gotemplate, env), 'gotemplate');
  const outcome = await runScript(transform.javascript ?? '', env, { timeoutMs: SCRIPT_TIMEOUT_MS });
  return outputsOf(outcome.value, 'javascript');
}
