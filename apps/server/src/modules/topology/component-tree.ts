/**
 * A topology's component tree before it is stored: each component's lookups run and, as canary-checker
 * places them (pkg/topology lookupComponents), the components a lookup finds take the place of the
 * component holding it — the holder is not stored; only the root (the topology itself) keeps the rows of
 * its own lookup as children. `forEach` is merged into every looked-up component (templated with it),
 * the holder's properties (and property lookups) merged into them, then `parentLookup` moves components
 * under the parent they name. The builder flattens the result into the rows it upserts.
 */
import {
  TOPOLOGY_LIMITS,
  type TopologyComponentSpec,
  type TopologyForEach,
  type TopologyProperty,
} from '@mc/contracts';
import { matchConfigs } from './links.repo.js';
import { type LookedUpSpec, lookupChildren } from './lookups/component-lookup.js';
import { lookupConfigProperty } from './lookups/config-lookup.js';
import type { LookupContext } from './lookups/lookup-context.js';
import { templateText } from './lookups/lookup-display.js';
import { LookupError } from './lookups/lookup-rows.js';
import { applyPropertyLookup, mergeProperty, type PropertyTarget } from './lookups/property-lookup.js';
import { applyTemplates } from './spec/for-each-template.js';

/** One resolved component: its own fields (properties without lookups) and its children. */
export interface TreeNode {
  spec: LookedUpSpec;
  children: TreeNode[];
  /** A lookup of this component failed: its previous children stay. */
  failed: boolean;
}

/** The component with its forEach merged in, templated with the component's own fields. */
function withForEach(child: LookedUpSpec, forEach: TopologyForEach): LookedUpSpec {
  const t = applyTemplates(forEach, child);
  const join = <T>(a: T[] | undefined, b: T[] | undefined) => (a || b ? [...(a ?? []), ...(b ?? [])] : undefined);
  return {
    ...child,
    components: join(child.components, t.components),
    properties: join(child.properties, t.properties),
    configs: join(child.configs, t.configs),
    selectors: join(child.selectors, t.selectors),
    checks: join(child.checks, t.checks),
  };
}

/**
 * The component's own properties in order; a property with a lookup or a config lookup merges its
 * answers into `lookupTargets` (the looked-up components) when the component has a lookup, else into the
 * component. A holder replaced by its rows (`replaced`) merges its plain properties into them too, as
 * upstream merges every property of the holder into the components it found.
 */
async function resolveProperties(
  ctx: LookupContext,
  component: LookedUpSpec,
  lookupTargets: PropertyTarget[] | null,
  replaced = false,
): Promise<TopologyProperty[] | undefined> {
  if (!component.properties) return undefined;
  const self: PropertyTarget = { name: component.name, properties: [] };
  for (const property of component.properties) {
    const { configLookup } = property;
    if (!property.lookup && !configLookup) {
      for (const target of replaced && lookupTargets ? lookupTargets : [self]) {
        target.properties ??= [];
        mergeProperty(target.properties, property);
      }
      continue;
    }
    try {
      if (configLookup) {
        const found = await lookupConfigProperty(ctx, { ...property, configLookup }, self.properties ?? []);
        for (const target of lookupTargets ?? [self]) {
          target.properties ??= [];
          mergeProperty(target.properties, found);
        }
      } else await applyPropertyLookup(ctx, property, lookupTargets ?? [self]);
    } catch (error) {
      if (!(error instanceof LookupError)) throw error;
      ctx.errors.push(`${component.name}: ${error.message}`);
    }
  }
  return self.properties;
}

/** The catalog item a `configID` names, when it exists (else the build reports it). */
async function configOf(ctx: LookupContext, component: LookedUpSpec): Promise<string | undefined> {
  if (!component.configID) return component.configId;
  const [item] = await matchConfigs(ctx.deps.database.db, { id: component.configID });
  if (!item) ctx.errors.push(`${component.name}: configID ${component.configID} is not a live catalog item`);
  return item?.id;
}

/**
 * The rows a component's lookup found, with its `forEach` merged in and, as upstream, the component's
 * icon and lifecycle as their defaults.
 */
function lookedUp(component: LookedUpSpec, rows: LookedUpSpec[]): LookedUpSpec[] {
  const forEach = component.forEach;
  return rows.map((row) => {
    const defaulted = {
      ...row,
      icon: row.icon ?? component.icon,
      lifecycle: row.lifecycle ?? component.lifecycle,
    };
    return forEach ? withForEach(defaulted, forEach) : defaulted;
  });
}

/** A component as upstream's `id` templates read it: `self` and `properties` (name → text, else value). */
export function templateSubject(spec: LookedUpSpec): Record<string, unknown> {
  const { components: _children, forEach: _forEach, lookup: _lookup, ...self } = spec;
  const properties = Object.fromEntries((spec.properties ?? []).map((p) => [p.name, p.text ?? p.value ?? '']));
  return { self, properties };
}

/**
 * The component with the `externalID` its holder's `id` template gives it, as upstream (one it already
 * has stays); a failing template is reported and leaves it without.
 */
async function withTemplatedId(ctx: LookupContext, holder: LookedUpSpec, target: LookedUpSpec): Promise<LookedUpSpec> {
  if (!holder.id || target.externalID) return target;
  try {
    const externalID = await templateText(holder.id, templateSubject(target), `${target.name}: id`);
    return externalID ? { ...target, externalID: externalID.slice(0, 253) } : target;
  } catch (error) {
    if (!(error instanceof LookupError)) throw error;
    ctx.errors.push(error.message);
    return target;
  }
}

/** What a component's lookup found: the rows (forEach, holder properties and `id` applied). */
interface LookedUpRows {
  rows: LookedUpSpec[];
  /** The holder's own properties (what is left to it when it is not replaced). */
  properties: TopologyProperty[] | undefined;
  failed: boolean;
}

async function lookedUpRows(ctx: LookupContext, component: LookedUpSpec, replaced: boolean): Promise<LookedUpRows> {
  const looked = await lookupChildren(ctx, component);
  const rows = lookedUp(component, looked.children);
  const properties = await resolveProperties(ctx, component, component.lookup ? rows : null, replaced);
  for (const [index, row] of rows.entries()) rows[index] = await withTemplatedId(ctx, component, row);
  return { rows, properties, failed: looked.failed };
}

type Budget = { left: number; truncated: boolean };

/** Whether one more component fits; the first that does not is reported once. */
function fits(ctx: LookupContext, budget: Budget, name: string): boolean {
  if (budget.left > 0) return true;
  if (!budget.truncated) {
    ctx.errors.push(`more than ${TOPOLOGY_LIMITS.maxComponents} components: '${name}' and later ones are left out`);
  }
  budget.truncated = true;
  return false;
}

/**
 * Resolves `specs` into `node`'s children. A spec with a lookup is replaced by the components its lookup
 * found (upstream's placement); when that lookup fails, `node` keeps its previous children.
 */
async function resolveChildren(ctx: LookupContext, node: TreeNode, specs: LookedUpSpec[], budget: Budget) {
  for (const spec of specs) {
    if (!spec.lookup) {
      if (!fits(ctx, budget, spec.name)) return;
      node.children.push(await resolveNode(ctx, spec, budget));
      continue;
    }
    const found = await lookedUpRows(ctx, spec, true);
    if (found.failed) node.failed = true;
    for (const row of found.rows) {
      if (!fits(ctx, budget, row.name)) return;
      node.children.push(await resolveNode(ctx, row, budget));
    }
  }
}

/**
 * Resolves a component and its subtree; `budget.left` counts the components still allowed. The rows of
 * the component's own lookup (the root's: a nested holder is replaced by its parent) are its children.
 */
export async function resolveNode(ctx: LookupContext, component: LookedUpSpec, budget: Budget): Promise<TreeNode> {
  budget.left -= 1;
  const { rows, properties, failed } = await lookedUpRows(ctx, component, false);
  const configId = await configOf(ctx, component);
  const resolved = { ...component, properties, ...(configId ? { configId } : {}) };
  const node: TreeNode = {
    spec: component.lookup ? resolved : await withTemplatedId(ctx, component, resolved),
    children: [],
    failed,
  };
  await resolveChildren(ctx, node, [...(component.components ?? []), ...rows], budget);
  return node;
}

const parentKey = (name: string, type: string | undefined) => `${type ?? ''}\u0000${name}`;

type ParentLookup = NonNullable<TopologyComponentSpec['parentLookup']>;

const describeLookup = (wanted: ParentLookup) =>
  wanted.externalID !== undefined
    ? `externalID ${wanted.externalID}`
    : `${wanted.type ? `${wanted.type}/` : ''}${wanted.name ?? ''}`;

/**
 * As upstream: an `externalID` finds the component declaring it (a component without one answers to its
 * name, upstream's default external id); else name, type and namespace (when given).
 */
function matchesLookup(candidate: LookedUpSpec, wanted: ParentLookup, namespace: string): boolean {
  if (wanted.externalID !== undefined) return (candidate.externalID ?? candidate.name) === wanted.externalID;
  return (
    candidate.name === wanted.name &&
    (wanted.type === undefined || (candidate.type ?? '') === wanted.type) &&
    (wanted.namespace === undefined || (candidate.namespace ?? namespace) === wanted.namespace)
  );
}

function contains(node: TreeNode, other: TreeNode): boolean {
  return node === other || node.children.some((child) => contains(child, other));
}

/**
 * Moves every component with a `parentLookup` under the component declaring that `externalID`, or else
 * the one of that name (and type and namespace — a component's own, else the topology's — when given;
 * the first one found, root first). One whose
 * parent is not found, is itself or below it, or already has a child of that name stays where it is,
 * with a build warning.
 */
export function applyParentLookups(root: TreeNode, namespace: string, errors: string[]): void {
  const all: TreeNode[] = [];
  const moves: { node: TreeNode; parent: TreeNode }[] = [];
  const index = (node: TreeNode, parent: TreeNode | null) => {
    all.push(node);
    if (parent && node.spec.parentLookup) moves.push({ node, parent });
    for (const child of node.children) index(child, node);
  };
  index(root, null);
  for (const { node, parent } of moves) {
    const wanted = node.spec.parentLookup as ParentLookup; // collected above
    const what = `${node.spec.name}: parentLookup ${describeLookup(wanted)}`;
    const target = all.find((candidate) => matchesLookup(candidate.spec, wanted, namespace));
    if (!target) {
      errors.push(`${what} found no component; it stays under ${parent.spec.name}`);
      continue;
    }
    if (contains(node, target)) {
      errors.push(`${what} names the component itself or one below it; it stays under ${parent.spec.name}`);
      continue;
    }
    const key = parentKey(node.spec.name, node.spec.type);
    if (target !== parent && target.children.some((c) => parentKey(c.spec.name, c.spec.type) === key)) {
      errors.push(`${what} already has a child named '${node.spec.name}'; it stays under ${parent.spec.name}`);
      continue;
    }
    parent.children = parent.children.filter((child) => child !== node);
    target.children.push(node);
  }
}
