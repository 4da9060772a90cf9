import type { EditableResource } from './resource-model';

type Row = Record<string, unknown>;
type Spec = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const labelsOf = (value: unknown): Record<string, string> =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)])) : {};
const defined = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));

/**
 * How one table's rows map to the editor's resource and back. Most tables keep the spec in a `spec`
 * column; notification rules keep it in columns of their own, and playbooks copy title, category,
 * icon and description out of it.
 */
interface RowMapping {
  columns: string;
  toResource: (row: Row) => Partial<EditableResource>;
  toRow: (resource: EditableResource) => Row;
}

const specColumn = (row: Row): Spec => (isRecord(row.spec) ? row.spec : {});

const NOTIFICATION_FIELDS: ReadonlyArray<[spec: string, column: string]> = [
  ['events', 'events'],
  ['title', 'title'],
  ['template', 'template'],
  ['filter', 'filter'],
  ['repeatInterval', 'repeat_interval'],
  ['groupBy', 'group_by'],
  ['inhibitions', 'inhibitions'],
];

const MAPPINGS: Readonly<Record<string, RowMapping>> = {
  canaries: {
    columns: 'id,name,namespace,labels,spec,schedule,source,agent_id,created_at,updated_at',
    toResource: (row) => ({ labels: labelsOf(row.labels), spec: specColumn(row), schedule: str(row.schedule) }),
    toRow: () => ({}),
  },
  topologies: {
    columns: 'id,name,namespace,labels,spec,schedule,source,agent_id,created_at,updated_at',
    toResource: (row) => ({
      labels: labelsOf(row.labels),
      spec: specColumn(row),
      schedule: str(row.schedule) ?? str(specColumn(row).schedule),
    }),
    toRow: (r) => ({
      name: r.name,
      namespace: r.namespace,
      labels: r.labels,
      spec: r.spec,
      schedule: r.schedule ?? null,
    }),
  },
  config_scrapers: {
    columns: 'id,name,namespace,spec,source,agent_id,created_at,updated_at',
    toResource: (row) => ({ spec: specColumn(row), schedule: str(specColumn(row).schedule) }),
    toRow: (r) => defined({ name: r.name, namespace: r.namespace, spec: r.spec, agent_id: r.agent_id ?? undefined }),
  },
  notifications: {
    columns: `id,name,namespace,source,created_at,updated_at,custom_services,${NOTIFICATION_FIELDS.map(([, column]) => column).join(',')}`,
    toResource: (row) => {
      const spec: Spec = {};
      for (const [key, column] of NOTIFICATION_FIELDS)
        if (row[column] !== null && row[column] !== undefined) spec[key] = row[column];
      const to = Array.isArray(row.custom_services) ? row.custom_services[0] : undefined;
      if (to !== undefined) spec.to = to;
      return { spec };
    },
    toRow: (r) => {
      const row: Row = {
        name: r.name,
        namespace: r.namespace,
        custom_services: r.spec.to === undefined ? null : [r.spec.to],
      };
      for (const [key, column] of NOTIFICATION_FIELDS) row[column] = r.spec[key] ?? null;
      return row;
    },
  },
  teams: {
    columns: 'id,name,icon,spec,source,created_at,updated_at',
    toResource: (row) => ({ icon: str(row.icon), spec: specColumn(row) }),
    toRow: (r) => ({ name: r.name, icon: r.icon ?? 'group', spec: r.spec }),
  },
  logging_backends: {
    columns: 'id,name,labels,spec,source,agent_id,created_at,updated_at',
    toResource: (row) => ({ labels: labelsOf(row.labels), spec: specColumn(row) }),
    toRow: (r) => defined({ name: r.name, labels: r.labels, spec: r.spec, agent_id: r.agent_id ?? undefined }),
  },
  playbooks: {
    columns: 'id,name,namespace,spec,source,created_at,updated_at',
    toResource: (row) => ({ spec: specColumn(row) }),
    toRow: (r) =>
      defined({
        name: r.name,
        namespace: r.namespace,
        spec: r.spec,
        title: str(r.spec.title) ?? r.name,
        category: str(r.spec.category) ?? '',
        icon: str(r.spec.icon),
        description: str(r.spec.description),
      }),
  },
};

function mapping(table: string): RowMapping {
  const found = MAPPINGS[table];
  if (!found) throw new Error(`No resource mapping for table '${table}'`);
  return found;
}

/** The columns the detail page reads from `/api/db/{table}`. */
export function detailColumns(table: string): string {
  return mapping(table).columns;
}

/** The columns the list page reads (000 §2: ordered, limited to 100, not deleted). */
export function listColumns(table: string): string {
  return ['id', 'name', 'source', 'created_at', 'updated_at']
    .concat(mapping(table).columns.includes('namespace') ? ['namespace'] : [])
    .join(',');
}

/** A table row as the editor's resource. */
export function rowToResource(table: string, row: Row): EditableResource {
  const base: EditableResource = {
    id: str(row.id),
    name: str(row.name) ?? '',
    ...(str(row.namespace) ? { namespace: str(row.namespace) } : {}),
    labels: {},
    source: str(row.source) ?? null,
    agent_id: str(row.agent_id) ?? null,
    created_at: str(row.created_at),
    updated_at: str(row.updated_at),
    spec: {},
  };
  const extra = defined(mapping(table).toResource(row)) as Partial<EditableResource>; // defined() only drops undefined fields
  return { ...base, ...extra };
}

/** The columns a save writes for a resource (created_by is added on create by the caller). */
export function resourceToRow(table: string, resource: EditableResource): Row {
  return mapping(table).toRow(resource);
}
