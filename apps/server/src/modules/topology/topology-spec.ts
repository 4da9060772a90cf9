/**
 * Parsing a Topology (canary-checker's `canaries.flanksource.com/v1` document, or just its `spec` as the
 * topologies table stores it) with the bounded parsers: every problem is a 400 naming the field, so a
 * bad spec is refused where it is written (the data API, the form) instead of failing at build time.
 */
import {
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

function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'spec'}: ${issue.message}`)
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
    }
  };
  walk(spec.components, 1, 'components');
  if (count > TOPOLOGY_LIMITS.maxComponents) {
    throw new AppError('bad_request', `Invalid Topology spec: more than ${TOPOLOGY_LIMITS.maxComponents} components`);
  }
}

/** Validates a stored `spec` value (the topologies row's jsonb); 400 with the problems when it is not one. */
export function parseTopologySpec(value: unknown): TopologySpec {
  const parsed = topologySpecSchema.safeParse(value ?? {});
  if (!parsed.success) throw new AppError('bad_request', `Invalid Topology spec: ${issuesText(parsed.error)}`);
  checkShape(parsed.data);
  return parsed.data;
}

/** Parses a whole Topology document from YAML or JSON text (bounded); 400 when it is not one. */
export function parseTopologyDocument(text: string): TopologyDocument {
  return validateTopologyDocument(parseBoundedYaml(text, undefined, 'Topology document'));
}

/** Validates an already parsed Topology document (a file of the watched folder); 400 when it is not one. */
export function validateTopologyDocument(value: unknown): TopologyDocument {
  const parsed = topologyDocumentSchema.safeParse(value);
  if (!parsed.success) throw new AppError('bad_request', `Invalid Topology: ${issuesText(parsed.error)}`);
  checkShape(parsed.data.spec);
  return parsed.data;
}
