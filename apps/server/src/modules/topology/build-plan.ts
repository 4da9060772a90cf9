/**
 * The plan of one build: the spec resolved into the components it wants, root first — lookups, forEach,
 * property and config lookups, `parentLookup`, the `id` templates — once, or with `groupBy` once per
 * value of the grouping tag (one root each, `<name> (<value>)`, its catalog selectors narrowed to the
 * value, as upstream). The builder stores the plan (topology-builder.service.ts).
 */
import { TOPOLOGY_LIMITS, type TopologyComponentSpec, type TopologySpec } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import { applyParentLookups, resolveNode, type TreeNode, templateSubject } from './component-tree.js';
import type { ComponentValues } from './components.repo.js';
import { distinctTagValues } from './config-lookup.repo.js';
import { lookupContext } from './lookups/lookup-context.js';
import { templateText } from './lookups/lookup-display.js';
import { LookupError } from './lookups/lookup-rows.js';
import { groupSpec } from './spec/group-by.js';
import type { TopologyRow } from './topologies.repo.js';

/** Most groups (`groupBy` values) one build makes. */
export const MAX_TOPOLOGY_GROUPS = 50;

/** One component a build wants stored. */
export interface Wanted {
  values: ComponentValues;
  /** The id the spec's `id` template gave the root (used when the root is first stored). */
  rootId?: string | undefined;
  parentExternalId: string | null;
  /** A lookup of this parent failed: its previous children stay. */
  keepChildrenOf: boolean;
  checks: NonNullable<TopologyComponentSpec['checks']>;
  configs: NonNullable<TopologyComponentSpec['configs']>;
  selectors: NonNullable<TopologyComponentSpec['selectors']>;
}

export function valuesOf(
  spec: TopologyComponentSpec,
  externalId: string,
  topologyType: string | null,
  extra: Partial<ComponentValues> = {},
): ComponentValues {
  return {
    external_id: externalId,
    name: spec.name,
    namespace: spec.namespace ?? null,
    type: spec.type ?? null,
    icon: spec.icon ?? null,
    text: spec.text ?? null,
    description: spec.description ?? null,
    owner: spec.owner ?? null,
    labels: spec.labels ?? null,
    hidden: spec.hidden ?? false,
    health: spec.status ?? spec.health ?? null,
    lifecycle: spec.lifecycle ?? null,
    tooltip: spec.tooltip ?? null,
    properties: spec.properties ?? null,
    component_checks: spec.checks ?? null,
    configs: spec.configs ?? null,
    selectors: spec.selectors ?? null,
    log_selectors: spec.logs ?? null,
    config_id: null,
    topology_type: topologyType,
    is_leaf: (spec.components?.length ?? 0) === 0 && !spec.lookup,
    status_expr: spec.statusExpr ?? null,
    health_expr: spec.healthExpr ?? null,
    ...extra,
  };
}

/**
 * Flattens the resolved tree (root first, its external id `rootKey`) into the wanted rows; a second
 * sibling of the same type/name is left out.
 */
function flatten(root: TreeNode, topologyType: string | null, errors: string[], rootKey = ''): Wanted[] {
  const wanted: Wanted[] = [];
  const visit = (node: TreeNode, parentExternalId: string | null) => {
    const { spec } = node;
    const externalId = parentExternalId === null ? rootKey : `${parentExternalId}/${spec.type ?? ''}:${spec.name}`;
    wanted.push({
      values: valuesOf(spec, externalId, topologyType, {
        is_leaf: node.children.length === 0 && !spec.lookup,
        ...(spec.configId ? { config_id: spec.configId } : {}),
      }),
      parentExternalId,
      keepChildrenOf: node.failed,
      checks: spec.checks ?? [],
      configs: spec.configs ?? [],
      selectors: spec.selectors ?? [],
    });
    const seen = new Set<string>();
    for (const child of node.children) {
      const key = `${child.spec.type ?? ''}:${child.spec.name}`;
      if (seen.has(key)) {
        errors.push(`${spec.name}: two children named '${child.spec.name}'; the second is left out`);
        continue;
      }
      seen.add(key);
      visit(child, externalId);
    }
  };
  visit(root, null);
  return wanted;
}
/** Resolves one spec into its wanted components, root first, the root named `name` and keyed `rootKey`. */
async function wantedOfSpec(
  deps: { database: Database; config: Config },
  topology: TopologyRow,
  spec: TopologySpec,
  signal: AbortSignal,
  errors: string[],
  group?: { name: string; key: string },
) {
  const root: TopologyComponentSpec = {
    ...spec,
    name: spec.label ?? spec.text ?? group?.name ?? topology.name,
    labels: { ...(topology.labels ?? {}), ...(spec.labels ?? {}) },
  };
  const ctx = lookupContext(deps, signal, topology.saved_by, errors);
  const tree = await resolveNode(
    ctx,
    { ...root, id: undefined },
    { left: TOPOLOGY_LIMITS.maxComponents, truncated: false },
  );
  applyParentLookups(tree, topology.namespace, errors);
  const wanted = flatten(tree, spec.type ?? null, errors, group?.key);
  const [top] = wanted;
  if (spec.id && top) top.rootId = await rootIdOf(spec.id, tree, errors);
  return wanted;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The root's id as upstream: the spec's `id` template over the built root, when it answers a UUID. */
async function rootIdOf(
  template: NonNullable<TopologySpec['id']>,
  tree: TreeNode,
  errors: string[],
): Promise<string | undefined> {
  try {
    const text = await templateText(template, templateSubject(tree.spec), 'spec.id');
    return UUID.test(text) ? text.toLowerCase() : undefined;
  } catch (error) {
    if (!(error instanceof LookupError)) throw error;
    errors.push(error.message);
    return undefined;
  }
}

/**
 * Resolves the spec into the components it wants, root first; with `groupBy`, one tree per value of the
 * tag (no value found: the plain tree, as upstream, with a warning).
 */
export async function wantedComponents(
  deps: { database: Database; config: Config },
  topology: TopologyRow,
  spec: TopologySpec,
  signal: AbortSignal,
  errors: string[],
): Promise<Wanted[]> {
  const { groupBy } = spec;
  if (!groupBy) return wantedOfSpec(deps, topology, spec, signal, errors);
  const values = await distinctTagValues(
    deps.database.db,
    groupBy.tag,
    groupBy.selector ?? {},
    MAX_TOPOLOGY_GROUPS + 1,
  );
  if (values.length === 0) {
    errors.push(`groupBy: no catalog item has the tag '${groupBy.tag}'; the topology is built ungrouped`);
    return wantedOfSpec(deps, topology, spec, signal, errors);
  }
  if (values.length > MAX_TOPOLOGY_GROUPS) {
    errors.push(
      `groupBy: more than ${MAX_TOPOLOGY_GROUPS} values of '${groupBy.tag}'; the first ${MAX_TOPOLOGY_GROUPS} are built`,
    );
  }
  const wanted: Wanted[] = [];
  for (const value of values.slice(0, MAX_TOPOLOGY_GROUPS)) {
    const group = { name: `${topology.name} (${value})`, key: `groupBy:${value}` };
    wanted.push(...(await wantedOfSpec(deps, topology, groupSpec(spec, groupBy.tag, value), signal, errors, group)));
  }
  return wanted;
}
