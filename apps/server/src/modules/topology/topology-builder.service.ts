/**
 * The topology builder: reads a topology's spec, evaluates its lookups (SQL, HTTP, catalog items), and
 * in one transaction upserts its components by stable external id (the path of type/name from the
 * root), soft-deletes the ones that vanished, syncs their check and config links, records what changed,
 * and rolls the health up. A lookup that fails keeps the children it built last time (and is reported),
 * so a flaky source does not empty a dashboard.
 */
import { TOPOLOGY_LIMITS, type TopologyComponentSpec, type TopologySpec } from '@mc/contracts';
import type { Database } from '@mc/db';
import { sql } from 'kysely';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import {
  COMPARED_FIELDS,
  type ComponentChange,
  type ComponentValues,
  insertComponent,
  liveComponents,
  recordComponentChanges,
  rollupTopology,
  softDeleteComponents,
  updateComponent,
} from './components.repo.js';
import { ensureInlineCanaries } from './inline-checks.js';
import {
  type CheckLink,
  type ConfigLink,
  matchChecks,
  matchConfigs,
  syncCheckLinks,
  syncConfigLinks,
} from './links.repo.js';
import { runHttpLookup } from './lookups/http-lookup.js';
import { LookupError, rowsToComponents } from './lookups/lookup-rows.js';
import { runSqlLookup } from './lookups/sql-lookup.js';
import { parseTopologySpec } from './topology-spec.js';

/** What one build did, for the job history and Run Now. */
export interface BuildResult {
  components: number;
  created: number;
  updated: number;
  deleted: number;
  checks: number;
  configs: number;
  errors: string[];
}

interface Wanted {
  values: ComponentValues;
  parentExternalId: string | null;
  /** A lookup of this parent failed: its previous children stay. */
  keepChildrenOf: boolean;
  checks: NonNullable<TopologyComponentSpec['checks']>;
  configs: NonNullable<TopologyComponentSpec['configs']>;
}

interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: unknown;
  /** Who last saved it (null: the system): its lookups' connections are resolved with their rights. */
  saved_by: string | null;
}

const selectorId = (value: unknown) => JSON.stringify(value).slice(0, 512);

function valuesOf(
  spec: TopologyComponentSpec,
  externalId: string,
  topologyType: string | null,
  extra: Partial<ComponentValues> = {},
): ComponentValues {
  return {
    external_id: externalId,
    name: spec.name,
    type: spec.type ?? null,
    icon: spec.icon ?? null,
    text: spec.text ?? null,
    description: spec.description ?? null,
    owner: spec.owner ?? null,
    labels: spec.labels ?? null,
    hidden: spec.hidden ?? false,
    health: spec.status ?? null,
    lifecycle: spec.lifecycle ?? null,
    tooltip: spec.tooltip ?? null,
    properties: spec.properties ?? null,
    component_checks: spec.checks ?? null,
    configs: spec.configs ?? null,
    log_selectors: spec.logs ?? null,
    config_id: null,
    topology_type: topologyType,
    is_leaf: (spec.components?.length ?? 0) === 0 && !spec.lookup,
    ...extra,
  };
}

/** The builder of one database. */
export function topologyBuilder(deps: { database: Database; config: Config }) {
  const { database } = deps;

  /** Evaluates one component's lookups into child specs; failures are collected, not thrown. */
  async function lookupChildren(
    spec: TopologyComponentSpec,
    signal: AbortSignal,
    errors: string[],
    savedBy: string | null,
  ): Promise<{ children: (TopologyComponentSpec & { configId?: string })[]; failed: boolean }> {
    const lookup = spec.lookup;
    if (!lookup) return { children: [], failed: false };
    const children: (TopologyComponentSpec & { configId?: string })[] = [];
    let failed = false;
    const attempt = async (work: () => Promise<TopologyComponentSpec[]>) => {
      try {
        children.push(...(await work()));
      } catch (error) {
        if (!(error instanceof LookupError)) throw error;
        failed = true;
        errors.push(`${spec.name}: ${error.message}`);
      }
    };
    for (const entry of lookup.postgres ?? []) {
      await attempt(async () =>
        rowsToComponents(await runSqlLookup(deps, entry, signal, savedBy), entry, `postgres lookup of ${spec.name}`),
      );
    }
    for (const entry of lookup.http ?? []) {
      await attempt(async () =>
        rowsToComponents(await runHttpLookup(database, entry, signal), entry, `http lookup ${entry.url}`),
      );
    }
    for (const selector of lookup.configs ?? []) {
      const items = await matchConfigs(database.db, selector);
      children.push(
        ...items.map((item) => ({
          name: item.name ?? item.id,
          type: item.type,
          ...(item.labels ? { labels: item.labels } : {}),
          configId: item.id,
        })),
      );
    }
    return { children, failed };
  }

  /** Walks the spec (root first) into the wanted components, running lookups on the way. */
  async function wantedComponents(topology: TopologyRow, spec: TopologySpec, signal: AbortSignal, errors: string[]) {
    const wanted: Wanted[] = [];
    let truncated = false;
    const topologyType = spec.type ?? null;
    const root: TopologyComponentSpec = {
      ...spec,
      name: spec.label ?? spec.text ?? topology.name,
      labels: { ...(topology.labels ?? {}), ...(spec.labels ?? {}) },
    };
    const visit = async (component: TopologyComponentSpec & { configId?: string }, parentExternalId: string | null) => {
      if (wanted.length >= TOPOLOGY_LIMITS.maxComponents) {
        if (!truncated)
          errors.push(
            `more than ${TOPOLOGY_LIMITS.maxComponents} components: '${component.name}' and later ones are left out`,
          );
        truncated = true;
        return;
      }
      const externalId =
        parentExternalId === null ? '' : `${parentExternalId}/${component.type ?? ''}:${component.name}`;
      const looked = await lookupChildren(component, signal, errors, topology.saved_by);
      wanted.push({
        values: valuesOf(
          component,
          externalId,
          topologyType,
          component.configId ? { config_id: component.configId } : {},
        ),
        parentExternalId,
        keepChildrenOf: looked.failed,
        checks: component.checks ?? [],
        configs: component.configs ?? [],
      });
      const seen = new Set<string>();
      for (const child of [...(component.components ?? []), ...looked.children]) {
        const key = `${child.type ?? ''}:${child.name}`;
        if (seen.has(key)) {
          errors.push(`${component.name}: two children named '${child.name}'; the second is left out`);
          continue;
        }
        seen.add(key);
        await visit(child, externalId);
      }
    };
    await visit(root, null);
    return wanted;
  }

  async function loadTopology(id: string): Promise<TopologyRow | undefined> {
    const { rows } = await sql<TopologyRow>`SELECT id, name, namespace, labels, spec, saved_by FROM topologies
      WHERE id = ${id} AND deleted_at IS NULL`.execute(database.db);
    return rows[0];
  }

  return {
    /** Builds one topology now; 404 when it does not exist (or was deleted). */
    async build(topologyId: string, signal: AbortSignal = new AbortController().signal): Promise<BuildResult> {
      const topology = await loadTopology(topologyId);
      if (!topology) throw new AppError('not_found', `Topology '${topologyId}' not found`);
      const spec = parseTopologySpec(topology.spec);
      const errors: string[] = [];
      const wanted = await wantedComponents(topology, spec, signal, errors);
      const result: BuildResult = {
        components: wanted.length,
        created: 0,
        updated: 0,
        deleted: 0,
        checks: 0,
        configs: 0,
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

      await database.db.transaction().execute(async (trx) => {
        // One build of a topology at a time across replicas (a Run Now racing the schedule).
        await sql`SELECT 1 FROM topologies WHERE id = ${topologyId} FOR UPDATE`.execute(trx);
        const existing = new Map((await liveComponents(trx, topologyId)).map((row) => [row.external_id, row]));
        const placed = new Map<string, { id: string; path: string | null }>();
        const changes: ComponentChange[] = [];
        const checkLinks: CheckLink[] = [];
        const configLinks: ConfigLink[] = [];
        const kept = new Set<string>();
        const keepUnder = new Set<string>();

        for (const { values, parentExternalId, keepChildrenOf, checks, configs } of wanted) {
          const parent = parentExternalId === null ? undefined : placed.get(parentExternalId);
          const parentId = parent?.id ?? null;
          const path = parent ? (parent.path ? `${parent.path}.${parent.id}` : parent.id) : null;
          const before = existing.get(values.external_id);
          let id: string;
          if (before && before.parent_id === parentId) {
            id = before.id;
            const changed = COMPARED_FIELDS.filter(
              (field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(values[field] ?? null),
            );
            if (changed.length > 0) {
              await updateComponent(trx, id, values);
              result.updated += 1;
              changes.push({
                componentId: id,
                changeType: 'updated',
                summary: `changed ${changed.join(', ')}`,
                details: { fields: changed },
              });
            }
          } else {
            id = await insertComponent(trx, topologyId, parentId, path, values);
            result.created += 1;
            changes.push({
              componentId: id,
              changeType: 'created',
              summary: `${values.type ?? 'component'} ${values.name} created`,
            });
          }
          kept.add(id);
          if (keepChildrenOf) keepUnder.add(id);
          placed.set(values.external_id, { id, path });

          for (const entry of checks) {
            if (!entry.selector) continue;
            for (const match of await matchChecks(trx, entry.selector)) {
              checkLinks.push({ component_id: id, ...match, selector_id: selectorId(entry.selector) });
            }
          }
          const canaryIds = inlineCanaries.get(values.external_id) ?? [];
          if (canaryIds.length > 0) {
            const { rows } = await sql<{ check_id: string; canary_id: string }>`SELECT id AS check_id, canary_id
              FROM checks WHERE canary_id = ANY(${canaryIds}::uuid[]) AND deleted_at IS NULL`.execute(trx);
            checkLinks.push(...rows.map((row) => ({ component_id: id, ...row, selector_id: 'inline' })));
          }
          for (const selector of configs) {
            for (const item of await matchConfigs(trx, selector)) {
              configLinks.push({ component_id: id, config_id: item.id, selector_id: selectorId(selector) });
            }
          }
          if (values.config_id)
            configLinks.push({ component_id: id, config_id: values.config_id, selector_id: 'lookup' });
        }

        // Children of a component whose lookup failed stay (and so do their descendants).
        const vanished = [...existing.values()].filter((row) => !kept.has(row.id));
        const keepIds = new Set<string>();
        let grew = true;
        while (grew) {
          grew = false;
          for (const row of vanished) {
            if (!keepIds.has(row.id) && row.parent_id && (keepUnder.has(row.parent_id) || keepIds.has(row.parent_id))) {
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
          changes.push({
            componentId: row.id,
            changeType: 'deleted',
            summary: `${row.type ?? 'component'} ${row.name} no longer in the topology`,
          });
        }
        await syncCheckLinksKeeping(trx, topologyId, checkLinks, keepIds);
        await syncConfigLinksKeeping(trx, topologyId, configLinks, keepIds);
        result.checks = checkLinks.length;
        result.configs = configLinks.length;
        await recordComponentChanges(trx, changes);
        await rollupTopology(trx, topologyId);
      });
      return result;
    },
  };
}

type Trx = Parameters<typeof syncCheckLinks>[0];

/** Check links of kept (lookup-failed) components stay as they are: they are added back to the wanted set. */
async function syncCheckLinksKeeping(trx: Trx, topologyId: string, wanted: CheckLink[], keep: Set<string>) {
  if (keep.size > 0) {
    const { rows } = await sql<CheckLink>`SELECT component_id, check_id, canary_id, selector_id
      FROM check_component_relationships WHERE deleted_at IS NULL
        AND component_id = ANY(${[...keep]}::uuid[])`.execute(trx);
    wanted.push(...rows);
  }
  await syncCheckLinks(trx, topologyId, wanted);
}

async function syncConfigLinksKeeping(trx: Trx, topologyId: string, wanted: ConfigLink[], keep: Set<string>) {
  if (keep.size > 0) {
    const { rows } = await sql<ConfigLink>`SELECT component_id, config_id, selector_id
      FROM config_component_relationships WHERE deleted_at IS NULL
        AND component_id = ANY(${[...keep]}::uuid[])`.execute(trx);
    wanted.push(...rows);
  }
  await syncConfigLinks(trx, topologyId, wanted);
}

/** The builder's type. */
export type TopologyBuilder = ReturnType<typeof topologyBuilder>;
