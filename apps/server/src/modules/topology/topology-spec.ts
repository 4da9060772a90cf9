/**
 * Parsing a Topology (canary-checker's `canaries.flanksource.com/v1` document, or just its `spec` as the
 * topologies table stores it) with the bounded parsers: every problem is a 400 naming the field, so a
 * bad spec is refused where it is written (the data API, the form) instead of failing at build time.
 */
import {
  COMPONENT_SELECTOR_FIELDS,
  TOPOLOGY_LIMITS,
  type TopologyComponentSpec,
  type TopologyDocument,
  type TopologySpec,
  topologyDocumentSchema,
  topologySpecSchema,
} from '@mc/contracts';
import type { z } from 'zod';
import { parseBoundedYaml } from '../../platform/bounded-yaml.js';
import { AppError } from '../../platform/errors.js';
import { namelessSelectorComponents } from './spec/nameless-components.js';
import { checkSpecValues } from './spec/spec-values.js';

type Issue = z.core.$ZodIssue;

/**
 * A union none of whose branches matched, where one branch failed on fields this server does not know
 * (upstream's `headers: [{name, valueFrom}]`): that branch's issues, so the answer names those fields.
 */
function unknownFieldsOfUnion(issue: Issue): Issue[] | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const branch = issue.errors.find((issues) => issues.some((i) => i.code === 'unrecognized_keys'));
  return branch?.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** Each issue as `<path>: <message>`; a field this server does not know is named as not supported. */
function issuesText(error: z.ZodError): string {
  return error.issues
    .flatMap((issue) => unknownFieldsOfUnion(issue) ?? [issue])
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'spec';
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => `${where}: ${key} is not supported by this server`).join('; ');
      }
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/** Counts the spec's components and checks their nesting against {@link TOPOLOGY_LIMITS}. */
function checkShape(spec: TopologySpec): void {
  let count = 0;
  const walk = (components: readonly TopologyComponentSpec[] | undefined, depth: number, path: string) => {
    if (!components) return;
    if (depth > TOPOLOGY_LIMITS.maxDepth) {
      throw new AppError(
        'bad_request',
        `Invalid Topology spec: ${path} nests deeper than ${TOPOLOGY_LIMITS.maxDepth} levels`,
      );
    }
    const seen = new Set<string>();
    for (const component of components) {
      count += 1;
      const key = `${component.type ?? ''}/${component.name}`;
      if (seen.has(key)) {
        throw new AppError(
          'bad_request',
          `Invalid Topology spec: ${path} has two components named '${component.name}'${component.type ? ` of type '${component.type}'` : ''}`,
        );
      }
      seen.add(key);
      walk(component.components, depth + 1, `${path}.${component.name}`);
      walk(component.forEach?.components, depth + 1, `${path}.${component.name}.forEach`);
    }
  };
  walk(spec.components, 1, 'components');
  if (count > TOPOLOGY_LIMITS.maxComponents) {
    throw new AppError('bad_request', `Invalid Topology spec: more than ${TOPOLOGY_LIMITS.maxComponents} components`);
  }
}

/** Validates a stored `spec` value (the topologies row's jsonb); 400 with the problems when it is not one. */
export function parseTopologySpec(value: unknown): TopologySpec {
  const parsed = topologySpecSchema.safeParse(namelessSelectorComponents(value ?? {}));
  if (!parsed.success) throw new AppError('bad_request', `Invalid Topology spec: ${issuesText(parsed.error)}`);
  checkShape(parsed.data);
  checkSpecValues(parsed.data, 'Invalid Topology spec', COMPONENT_SELECTOR_FIELDS);
  return parsed.data;
}

/** Parses a whole Topology document from YAML or JSON text (bounded); 400 when it is not one. */
export function parseTopologyDocument(text: string): TopologyDocument {
  return validateTopologyDocument(parseBoundedYaml(text, undefined, 'Topology document'));
}

/** Validates an already parsed Topology document (a file of the watched folder); 400 when it is not one. */
export function validateTopologyDocument(value: unknown): TopologyDocument {
  const named =
    value && typeof value === 'object' && 'spec' in value
      ? { ...value, spec: namelessSelectorComponents(value.spec) }
      : value;
  const parsed = topologyDocumentSchema.safeParse(named);
  if (!parsed.success) throw new AppError('bad_request', `Invalid Topology: ${issuesText(parsed.error)}`);
  checkShape(parsed.data.spec);
  checkSpecValues(parsed.data.spec, 'Invalid Topology', COMPONENT_SELECTOR_FIELDS);
  return parsed.data;
}
