/**
 * How a lookup's answer becomes components: each row (an object) is one child of the component holding
 * the lookup. Known columns fill the component (name, type, icon, status or health, owner, description,
 * labels, properties, parentLookup: where to attach it, externalID: how a parentLookup finds it,
 * selectors: components it relates, statusExpr: its status from its summary); every other scalar column
 * becomes a property (numbers keep their value, URLs become links, the rest text).
 * A row without a name is refused, naming the row.
 */
import {
  COMPONENT_SELECTOR_FIELDS,
  type ComponentSelector,
  type ComponentStatus,
  componentSelectorSchema,
  parentLookupSchema,
  TOPOLOGY_LIMITS,
  type TopologyComponentSpec,
  type TopologyProperty,
  topologyPropertySchema,
} from '@mc/contracts';
import { parseFieldSelector } from '../spec/field-selector.js';

/** A lookup that could not be turned into components; the build reports it and keeps the previous children. */
export class LookupError extends Error {
  override name = 'LookupError';
}

const KNOWN = new Set([
  'name',
  'type',
  'icon',
  'status',
  'health',
  'owner',
  'description',
  'labels',
  'properties',
  'text',
  'parentLookup',
  'externalID',
  'selectors',
  'statusExpr',
]);
const HEALTHY = new Set(['healthy', 'ok', 'up', 'pass', 'passed', 'true', 'running', 'ready']);
const UNHEALTHY = new Set(['unhealthy', 'down', 'error', 'failed', 'fail', 'false', 'critical']);

/** A row's status or health in the component statuses (`ok`/`up`/true healthy, `down`/`error`/false unhealthy). */
export function normalizeStatus(value: unknown): ComponentStatus | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim().toLowerCase();
  if (HEALTHY.has(text)) return 'healthy';
  if (UNHEALTHY.has(text)) return 'unhealthy';
  if (text === 'warning' || text === 'degraded') return 'warning';
  if (text === 'unknown') return 'unknown';
  return undefined;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

function propertyOf(name: string, value: unknown): TopologyProperty | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return { name, value };
  if (typeof value === 'bigint') return { name, value: Number(value) };
  if (typeof value === 'boolean') return { name, text: String(value) };
  if (typeof value === 'string') {
    return /^https?:\/\//i.test(value) ? { name, url: value, text: value } : { name, text: value.slice(0, 4096) };
  }
  if (value instanceof Date) return { name, text: value.toISOString() };
  return undefined;
}

function listedProperties(value: unknown): TopologyProperty[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = topologyPropertySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A row's `selectors`: the valid component selectors among them (a field selector on fields we match). */
function rowSelectors(value: unknown): ComponentSelector[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = componentSelectorSchema.safeParse(entry);
    if (!parsed.success) return [];
    return parseFieldSelector(parsed.data.fieldSelector, COMPONENT_SELECTOR_FIELDS).error ? [] : [parsed.data];
  });
}

/** Turns lookup rows into component specs, with the lookup's default type and icon. */
export function rowsToComponents(
  rows: readonly unknown[],
  defaults: { type?: string | undefined; icon?: string | undefined },
  what: string,
): TopologyComponentSpec[] {
  if (rows.length > TOPOLOGY_LIMITS.maxLookupRows) {
    throw new LookupError(`${what} answered ${rows.length} rows (at most ${TOPOLOGY_LIMITS.maxLookupRows})`);
  }
  return rows.map((row, index) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new LookupError(`${what}: row ${index + 1} is not an object`);
    }
    const record = row as Record<string, unknown>; // an object row, checked above
    const name = record.name;
    if (name === null || name === undefined || String(name).trim() === '') {
      throw new LookupError(`${what}: row ${index + 1} has no name`);
    }
    const properties = [
      ...listedProperties(record.properties),
      ...Object.entries(record)
        .filter(([key]) => !KNOWN.has(key))
        .flatMap(([key, value]) => propertyOf(key, value) ?? []),
    ].slice(0, TOPOLOGY_LIMITS.maxProperties);
    const status = normalizeStatus(record.status ?? record.health);
    const labels = stringRecord(record.labels);
    const parentLookup = parentLookupSchema.safeParse(record.parentLookup);
    const selectors = rowSelectors(record.selectors).slice(0, 20);
    const optional = (value: unknown) => (value === null || value === undefined ? undefined : String(value));
    return {
      name: String(name).trim().slice(0, 253),
      type: optional(record.type) ?? defaults.type,
      icon: optional(record.icon) ?? defaults.icon,
      text: optional(record.text),
      owner: optional(record.owner),
      description: optional(record.description),
      ...(labels ? { labels } : {}),
      ...(status ? { status } : {}),
      ...(properties.length > 0 ? { properties } : {}),
      ...(parentLookup.success ? { parentLookup: parentLookup.data } : {}),
      ...(optional(record.externalID) ? { externalID: optional(record.externalID) } : {}),
      ...(selectors.length > 0 ? { selectors } : {}),
      ...(typeof record.statusExpr === 'string' && record.statusExpr.trim() ? { statusExpr: record.statusExpr } : {}),
    };
  });
}
