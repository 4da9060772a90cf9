/**
 * Checks of a parsed spec the schema cannot express: a forEach's templates must be ones the builder
 * evaluates, a component selector's `fieldSelector` may name only component fields we can match, and
 * `statusExpr`, `healthExpr` and lookup displays must parse (CEL, Go template).
 * Each failure is a 400 naming the field, so nothing is accepted and then ignored at build time.
 */
import type { ComponentSelector, TopologyComponentSpec, TopologyPropertySpec, TopologySpec } from '@mc/contracts';
import { AppError } from '../../../platform/errors.js';
import { expressionError } from '../../health/index.js';
import { displayProblem } from '../lookups/lookup-display.js';
import { parseFieldSelector } from './field-selector.js';
import { unsupportedTemplate } from './for-each-template.js';

function checkTemplates(value: unknown, path: string, fail: (message: string) => never): void {
  if (typeof value === 'string') {
    const bad = unsupportedTemplate(value);
    if (bad) {
      fail(
        `${path}: template '${bad}' is not supported by this server (use $(.component.<field>) or $(.properties.<name>))`,
      );
    }
  } else if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) checkTemplates(entry, `${path}.${index}`, fail);
  } else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) checkTemplates(entry, `${path}.${key}`, fail);
  }
}

function checkSelectors(
  selectors: readonly ComponentSelector[] | undefined,
  path: string,
  fields: readonly string[],
  fail: (message: string) => never,
) {
  for (const [index, selector] of (selectors ?? []).entries()) {
    const problem = parseFieldSelector(selector.fieldSelector, fields).error;
    if (problem) fail(`${path}.selectors.${index}.fieldSelector: ${problem}`);
  }
}

type Block = Parameters<typeof displayProblem>[0];
type LookupEntries = Partial<Record<'http' | 'catalog', { display?: Block | undefined; test?: Block | undefined }[]>>;

function checkDisplays(lookup: LookupEntries | undefined, path: string, fail: (message: string) => never): void {
  for (const kind of ['http', 'catalog'] as const) {
    for (const [index, entry] of (lookup?.[kind] ?? []).entries()) {
      const problem =
        (entry.display ? displayProblem(entry.display) : undefined) ??
        (entry.test ? displayProblem(entry.test, 'test') : undefined);
      if (problem) fail(`${path}.lookup.${kind}.${index}.${problem}`);
    }
  }
}

function checkExpressions(component: TopologyComponentSpec | TopologySpec, path: string, fail: (m: string) => never) {
  const where = path || 'spec';
  for (const field of ['statusExpr', 'healthExpr'] as const) {
    const expression = component[field];
    const problem = expression ? expressionError(expression) : null;
    if (problem) fail(`${where}.${field}: ${problem}`);
  }
  checkDisplays(component.lookup, where, fail);
  const idProblem = component.id ? displayProblem(component.id, 'id') : undefined;
  if (idProblem) fail(`${where}.${idProblem}`);
  const properties: readonly TopologyPropertySpec[] = component.properties ?? [];
  for (const [index, property] of properties.entries()) {
    checkDisplays(property.lookup, `${where}.properties.${index}`, fail);
    const display = property.configLookup?.display;
    const problem = display ? displayProblem(display, 'configLookup.display') : undefined;
    if (problem) fail(`${where}.properties.${index}.${problem}`);
  }
}

/**
 * The fields a component holding a lookup may carry: as canary-checker, it is replaced by the
 * components its lookup finds, which take its `icon` and `lifecycle` as defaults, its `id` template, its
 * properties and its `forEach`; its `name` names the lookup in build messages and its `type` (upstream's
 * fixtures write `virtual` or `lookup`) only marks it as a placeholder. Anything else would be dropped.
 */
const LOOKUP_HOLDER_FIELDS = new Set(['name', 'type', 'icon', 'lifecycle', 'id', 'properties', 'forEach', 'lookup']);

function checkLookupHolder(component: TopologyComponentSpec, path: string, fail: (message: string) => never) {
  for (const [field, value] of Object.entries(component)) {
    if (value === undefined || LOOKUP_HOLDER_FIELDS.has(field)) continue;
    fail(
      `${path}: ${field} beside a lookup is not supported: the component is replaced by the components its lookup finds (as canary-checker); put ${field} in forEach, or on a parent component`,
    );
  }
}

/**
 * Throws a 400 (`<prefix>: <path>: …`) for the first forEach template, field selector or expression we
 * cannot honour, or a field on a lookup holder that would be dropped. A forEach's own displays are
 * checked when they run: its `$(…)` templates come first.
 */
export function checkSpecValues(spec: TopologySpec, prefix: string, fields: readonly string[]): void {
  const fail = (message: string): never => {
    throw new AppError('bad_request', `${prefix}: ${message}`);
  };
  const walk = (component: TopologyComponentSpec | TopologySpec, path: string) => {
    if (path && 'name' in component && component.lookup) checkLookupHolder(component, path, fail);
    checkSelectors(component.selectors, path || 'spec', fields, fail);
    checkExpressions(component, path, fail);
    if ('forEach' in component && component.forEach) {
      if (!component.lookup) fail(`${path}.forEach: forEach applies to what a lookup finds; add a lookup beside it`);
      checkTemplates(component.forEach, `${path}.forEach`, fail);
      checkSelectors(component.forEach.selectors, `${path}.forEach`, fields, fail);
      for (const [index, child] of (component.forEach.components ?? []).entries()) {
        walk(child, `${path}.forEach.components.${index}`);
      }
    }
    for (const [index, child] of (component.components ?? []).entries()) {
      walk(child, `${path ? `${path}.` : ''}components.${index}`);
    }
  };
  walk(spec, '');
}
