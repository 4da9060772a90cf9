/**
 * A safe Go text/template engine (Go's syntax and builtins plus the gomplate functions canary-checker
 * and config-db definitions use), for templates users write in check, scraper and playbook specs.
 * Written here rather than taken from npm: the JS ports found were unmaintained or compiled templates
 * to JavaScript with `eval`. Safe means: no file, network, environment or process functions; an
 * unknown function is an error naming it; every run is bounded in steps, time and output.
 */
import type { ParsedTemplate } from './ast.js';
import { Budget, DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from './budget.js';
import { builtinFunctions } from './builtin-functions.js';
import { checkFunctions, Execution } from './evaluator.js';
import type { FunctionTable } from './functions.js';
import { collectionFunctions } from './gomplate-collections.js';
import { dataFunctions } from './gomplate-data.js';
import { stringFunctions } from './gomplate-strings.js';
import { lex } from './lexer.js';
import { parse } from './parser.js';
import { GoTemplateError } from './template-error.js';

export { DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from './budget.js';
export type { FunctionTable, TemplateFunction } from './functions.js';
export { GoDuration } from './go-values.js';
export { GoTemplateError } from './template-error.js';

/** The longest template source accepted (64 KiB). */
export const MAX_TEMPLATE_SOURCE = 64 * 1024;

const CACHE_SIZE = 256;
const cache = new Map<string, ParsedTemplate>();

/** Every function a template may call: Go's builtins overlaid with gomplate's, as gomplate does. */
export const templateFunctions: FunctionTable = {
  ...builtinFunctions,
  ...stringFunctions,
  ...collectionFunctions,
  ...dataFunctions,
};

function parsed(source: string): ParsedTemplate {
  const hit = cache.get(source);
  if (hit) return hit;
  if (source.length > MAX_TEMPLATE_SOURCE) {
    throw new GoTemplateError(`template is longer than ${MAX_TEMPLATE_SOURCE} characters`);
  }
  const tree = parse(lex(source));
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(source, tree);
  return tree;
}

/** Options of one render: extra functions (e.g. a check's `last_result`) and tighter limits. */
export interface RenderOptions {
  functions?: FunctionTable;
  limits?: Partial<TemplateLimits>;
}

/**
 * Parses `source` and names the first problem (syntax, unknown function), or null when it would run.
 * For validating a definition when it is saved. `extraNames` are functions the run will add.
 */
export function goTemplateProblem(source: string, extraNames: readonly string[] = []): string | null {
  try {
    const extra = Object.fromEntries(extraNames.map((name) => [name, () => undefined]));
    checkFunctions(parsed(source), { ...templateFunctions, ...extra });
    return null;
  } catch (error) {
    if (error instanceof GoTemplateError) return error.message;
    throw error;
  }
}

/** Renders `source` over `data`; throws {@link GoTemplateError} for a bad template or a limit reached. */
export function renderGoTemplate(source: string, data: unknown, options: RenderOptions = {}): string {
  const functions = options.functions ? { ...templateFunctions, ...options.functions } : templateFunctions;
  const tree = parsed(source);
  checkFunctions(tree, functions);
  const budget = new Budget({ ...DEFAULT_TEMPLATE_LIMITS, ...options.limits });
  return new Execution(tree, functions, budget).run(data);
}
