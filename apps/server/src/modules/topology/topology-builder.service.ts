/**
 * The topology builder: takes a topology's plan (build-plan.ts: its lookups — SQL, HTTP, catalog —
 * resolved into the wanted components) and in one transaction upserts its components by stable external
 * id (the path of type/name from the root), soft-deletes the ones that vanished, syncs their check and
 * config links, records what changed, and rolls the health up. A lookup that fails keeps the children it
 * built last time (and is reported), so a flaky source does not empty a dashboard.
 */
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import { type Wanted, wantedComponents } from './build-plan.js';
import { type ComponentLink, componentLinksOf, matchComponents, syncComponentLinks } from './component-links.repo.js';
import {
  COMPARED_FIELDS,
  type ComponentChange,
  componentIdTaken,
  insertComponent,
  liveComponents,
  recordComponentChanges,
  rollupTopology,
  type StoredComponent,
  softDeleteComponents,
  updateComponent,
} from './components.repo.js';
import { ensureInlineCanaries } from './inline-checks.js';
import {
  type CheckLink,
  type ConfigLink,
  checkLinksOf,
  checksOfCanaries,
  configLinksOf,
  matchChecks,
  matchConfigs,
  syncCheckLinks,
  syncConfigLinks,
} from './links.repo.js';
import { findTopology, lockTopology } from './topologies.repo.js';
import { parseTopologySpec } from './topology-spec.js';

/** What one build did, for the job history and Run Now. */
export interface BuildResult {
  components: number;
  created: number;
  updated: number;
  deleted: number;
  checks: number;
  configs: number;
  /** Component links made by component selectors. */
  related: number;
  errors: string[];
}

const selectorId = (value: unknown) => JSON.stringify(value).slice(0, 512);

type BuildDeps = { database: Database; config: Config };
type Trx = Parameters<typeof syncCheckLinks>[0];

/** What placing the wanted components in one build's transaction gathers. */
interface Placement {
  existing: Map<string, StoredComponent>;
  changes: ComponentChange[];
  checkLinks: CheckLink[];
  configLinks: ConfigLink[];
  kept: Set<string>;
  keepUnder: Set<string>;
}

/** Inserts or updates one wanted component under its parent; its id and path. */
async function placeComponent(
  trx: Trx,
  topologyId: string,
  want: Wanted,
  parent: { id: string; path: string | null } | undefined,
  placement: Placement,
  result: BuildResult,
): Promise<{ id: string; path: string | null }> {
  const { values } = want;
  const parentId = parent?.id ?? null;
  const path = parent ? (parent.path ? `${parent.path}.${parent.id}` : parent.id) : null;
  const before = placement.existing.get(values.external_id);
  if (before && before.parent_id === parentId) {
    const changed = COMPARED_FIELDS.filter(
      (field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(values[field] ?? null),
    );
    if (changed.length > 0) {
      await updateComponent(trx, before.id, values);
      result.updated += 1;
      placement.changes.push({
        componentId: before.id,
        changeType: 'updated',
        summary: `changed ${changed.join(', ')}`,
        details: { fields: changed },
      });
    }
    return { id: before.id, path };
  }
  const wantedId = want.rootId && !(await componentIdTaken(trx, want.rootId)) ? want.rootId : null;
  const id = await insertComponent(trx, topologyId, parentId, path, values, wantedId);
  result.created += 1;
  placement.changes.push({
    componentId: id,
    changeType: 'created',
    summary: `${values.type ?? 'component'} ${values.name} created`,
  });
  return { id, path };
}

/** The check and config links one placed component wants: selectors, its inline canaries, its lookup item. */
async function linkComponent(trx: Trx, id: string, want: Wanted, canaryIds: string[], placement: Placement) {
  for (const entry of want.checks) {
    if (!entry.selector) continue;
    for (const match of await matchChecks(trx, entry.selector)) {
      placement.checkLinks.push({ component_id: id, ...match, selector_id: selectorId(entry.selector) });
    }
  }
  if (canaryIds.length > 0) {
    const rows = await checksOfCanaries(trx, canaryIds);
    placement.checkLinks.push(...rows.map((row) => ({ component_id: id, ...row, selector_id: 'inline' })));
  }
  for (const selector of want.configs) {
    for (const item of await matchConfigs(trx, selector)) {
      placement.configLinks.push({ component_id: id, config_id: item.id, selector_id: selectorId(selector) });
    }
  }
  if (want.values.config_id)
    placement.configLinks.push({ component_id: id, config_id: want.values.config_id, selector_id: 'lookup' });
}

/** The components each placed component's `selectors` match (after every component is placed). */
async function selectedComponents(
  trx: Trx,
  wanted: readonly Wanted[],
  placed: Map<string, { id: string }>,
): Promise<ComponentLink[]> {
  const links: ComponentLink[] = [];
  for (const want of wanted) {
    const self = placed.get(want.values.external_id);
    if (!self) continue;
    for (const selector of want.selectors) {
      for (const componentId of await matchComponents(trx, selector, self.id)) {
        links.push({ component_id: componentId, relationship_id: self.id, selector_id: selectorId(selector) });
      }
    }
  }
  return links;
}

/** Soft-deletes the components that vanished, except children of a component whose lookup failed (and their descendants). */
async function removeVanished(trx: Trx, placement: Placement, result: BuildResult): Promise<Set<string>> {
  const vanished = [...placement.existing.values()].filter((row) => !placement.kept.has(row.id));
  const keepIds = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of vanished) {
      const parentId = row.parent_id;
      if (!keepIds.has(row.id) && parentId && (placement.keepUnder.has(parentId) || keepIds.has(parentId))) {
        keepIds.add(row.id);
        grew = true;
      }
    }
  }
  const gone = vanished.filter((row) => !keepIds.has(row.id));
  await softDeleteComponents(
    trx,
    gone.map((row) => row.id),
  );
  result.deleted = gone.length;
  for (const row of gone) {
    placement.changes.push({
      componentId: row.id,
      changeType: 'deleted',
      summary: `${row.type ?? 'component'} ${row.name} no longer in the topology`,
    });
  }
  return keepIds;
}

/** Stores one build's wanted components, links, changes and rollup in one transaction. */
async function storeBuild(
  database: Database,
  topologyId: string,
  wanted: readonly Wanted[],
  inlineCanaries: Map<string, string[]>,
  result: BuildResult,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    // One build of a topology at a time across replicas (a Run Now racing the schedule).
    await lockTopology(trx, topologyId);
    const placement: Placement = {
      existing: new Map((await liveComponents(trx, topologyId)).map((row) => [row.external_id, row])),
      changes: [],
      checkLinks: [],
      configLinks: [],
      kept: new Set(),
      keepUnder: new Set(),
    };
    const placed = new Map<string, { id: string; path: string | null }>();
    for (const want of wanted) {
      const parent = want.parentExternalId === null ? undefined : placed.get(want.parentExternalId);
      const { id, path } = await placeComponent(trx, topologyId, want, parent, placement, result);
      placement.kept.add(id);
      if (want.keepChildrenOf) placement.keepUnder.add(id);
      placed.set(want.values.external_id, { id, path });
      await linkComponent(trx, id, want, inlineCanaries.get(want.values.external_id) ?? [], placement);
    }
    const keepIds = await removeVanished(trx, placement, result);
    await syncCheckLinksKeeping(trx, topologyId, placement.checkLinks, keepIds);
    await syncConfigLinksKeeping(trx, topologyId, placement.configLinks, keepIds);
    result.checks = placement.checkLinks.length;
    result.configs = placement.configLinks.length;
    await recordComponentChanges(trx, placement.changes);
    await rollupTopology(trx, topologyId);
    // Selectors match on status too, so they run on the rolled-up tree.
    const componentLinks = await selectedComponents(trx, wanted, placed);
    if (keepIds.size > 0) componentLinks.push(...(await componentLinksOf(trx, [...keepIds])));
    await syncComponentLinks(trx, topologyId, componentLinks);
    result.related = componentLinks.length;
  });
}

/** The builder of one database. */
export function topologyBuilder(deps: BuildDeps) {
  const { database } = deps;
  return {
    /** Builds one topology now; 404 when it does not exist (or was deleted). */
    async build(topologyId: string, signal: AbortSignal = new AbortController().signal): Promise<BuildResult> {
      const topology = await findTopology(database.db, topologyId);
      if (!topology) throw new AppError('not_found', `Topology '${topologyId}' not found`);
      const spec = parseTopologySpec(topology.spec);
      const errors: string[] = [];
      const wanted = await wantedComponents(deps, topology, spec, signal, errors);
      const result: BuildResult = {
        components: wanted.length,
        created: 0,
        updated: 0,
        deleted: 0,
        checks: 0,
        configs: 0,
        related: 0,
        errors,
      };
      const inlineCanaries = await ensureInlineCanaries(
        database,
        { id: topology.id, name: topology.name, namespace: topology.namespace, schedule: spec.schedule },
        wanted.flatMap((w) => {
          const entries = w.checks.flatMap((entry) => (entry.inline ? [entry.inline] : []));
          return entries.length > 0
            ? [{ externalId: w.values.external_id, componentName: w.values.name, entries }]
            : [];
        }),
        errors,
      );
      await storeBuild(database, topologyId, wanted, inlineCanaries, result);
      return result;
    },
  };
}

/** Check links of kept (lookup-failed) components stay as they are: they are added back to the wanted set. */
async function syncCheckLinksKeeping(trx: Trx, topologyId: string, wanted: CheckLink[], keep: Set<string>) {
  if (keep.size > 0) wanted.push(...(await checkLinksOf(trx, [...keep])));
  await syncCheckLinks(trx, topologyId, wanted);
}

async function syncConfigLinksKeeping(trx: Trx, topologyId: string, wanted: ConfigLink[], keep: Set<string>) {
  if (keep.size > 0) wanted.push(...(await configLinksOf(trx, [...keep])));
  await syncConfigLinks(trx, topologyId, wanted);
}

/** The builder's type. */
export type TopologyBuilder = ReturnType<typeof topologyBuilder>;
