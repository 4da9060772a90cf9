import { httpCheck } from './http-check-type';
import type { ResourceType, SpecType } from './resource-model';

type Spec = Record<string, unknown>;

const firstOf = (spec: Spec, key: string): Record<string, unknown> => {
  const list = spec[key];
  const first = Array.isArray(list) ? list[0] : undefined;
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {}; // checked object above
};
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A spec type edited as YAML only: the Code tab first, the form has the spec as a YAML field. */
function codeType(label: string, template: (name: string) => Spec): SpecType {
  return { id: 'custom', label, kind: 'code', fields: [], specField: true, template };
}

/** A form whose spec is one YAML field (the topology, log backend and team forms of 001 §2). */
function specForm(id: string, label: string, template: (name: string) => Spec): SpecType {
  return { id, label, kind: 'form', fields: [], specField: true, template };
}

/** The Kubernetes scraper's hint (001 §9: "max in flight defaults to 64"). */
export const KUBERNETES_MAX_IN_FLIGHT_HINT = 'Max in flight defaults to 64';

const kubernetesScraper: SpecType = {
  id: 'kubernetes',
  label: 'Kubernetes',
  kind: 'form',
  fields: [
    { key: 'clusterName', label: 'Cluster Name', kind: 'text', required: true },
    // config-db's maxInflight: how many list requests the scraper keeps open at once
    { key: 'maxInflight', label: 'Max In Flight', kind: 'number', hint: KUBERNETES_MAX_IN_FLIGHT_HINT },
  ],
  specField: false,
  template: () => ({ kubernetes: [{ clusterName: '' }] }),
  toSpec: (fields, _name, base) => {
    const { maxInflight: _previous, ...rest } = firstOf(base, 'kubernetes');
    const maxInflight = (fields.maxInflight ?? '').trim();
    return {
      ...base,
      kubernetes: [
        {
          ...rest,
          clusterName: fields.clusterName ?? '',
          ...(maxInflight ? { maxInflight: Number(maxInflight) } : {}),
        },
      ],
    };
  },
  fromSpec: (spec) => {
    const kubernetes = firstOf(spec, 'kubernetes');
    return { clusterName: text(kubernetes.clusterName), maxInflight: text(kubernetes.maxInflight) };
  },
};

const fileScraper: SpecType = {
  id: 'file',
  label: 'File',
  kind: 'form',
  fields: [{ key: 'path', label: 'Path', kind: 'text', required: true }],
  specField: false,
  template: () => ({ file: [{ paths: [''] }] }),
  toSpec: (fields, _name, base) => ({ ...base, file: [{ ...firstOf(base, 'file'), paths: [fields.path ?? ''] }] }),
  fromSpec: (spec) => {
    const paths = firstOf(spec, 'file').paths;
    return { path: text(Array.isArray(paths) ? paths[0] : '') };
  },
};

/** Where the SQL scraper's Host field points the server (config-db's form field; a connection wins). */
export const SQL_HOST_HINT =
  'A connection string (postgres://user:password@host:5432/db) or connection://<type>/<name>';

/**
 * The SQL scraper (001 §5: its host and query are required): the rows of `query` run on `host` become
 * catalog items; the server's sql scraper (catalog/kinds/sql.ts) takes both keys as written.
 */
const sqlScraper: SpecType = {
  id: 'sql',
  label: 'SQL',
  kind: 'form',
  fields: [
    { key: 'host', label: 'Host', kind: 'text', required: true, hint: SQL_HOST_HINT },
    { key: 'query', label: 'Query', kind: 'textarea', required: true },
  ],
  specField: false,
  template: () => ({ sql: [{ host: '', query: '' }] }),
  toSpec: (fields, _name, base) => {
    const { connection, host: _host, ...rest } = firstOf(base, 'sql');
    const host = fields.host ?? '';
    // A stored `connection` shows as the Host; a Host typed over it replaces it (the connection would win).
    const target = connection && host === connection ? { connection } : { host };
    return { ...base, sql: [{ ...rest, ...target, query: fields.query ?? '' }] };
  },
  fromSpec: (spec) => {
    const sql = firstOf(spec, 'sql');
    return { host: text(sql.host ?? sql.connection), query: text(sql.query) };
  },
};

/** The schema-driven types of the generic editor (001 §2 Resource editor), keyed by table. */
export const RESOURCE_TYPES: readonly ResourceType[] = [
  {
    table: 'canaries',
    title: 'Health Checks',
    singular: 'Health Check',
    schemaType: 'canary',
    permission: 'canaries',
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    hasNamespace: true,
    hasLabels: true,
    hasSchedule: true,
    hasIcon: false,
    hasAgent: true,
    tabs: ['Spec', 'Job History'],
    jobResourceType: 'canary',
    specTypes: [
      httpCheck,
      codeType('Custom Health Check', (name) => ({ http: [{ name, url: 'https://example.com' }] })),
    ],
  },
  {
    table: 'topologies',
    title: 'Topologies',
    singular: 'Topology',
    schemaType: 'topology',
    permission: 'topologies',
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Topology',
    hasNamespace: true,
    hasLabels: true,
    hasSchedule: true,
    hasIcon: false,
    tabs: ['Spec', 'Job History'],
    jobResourceType: 'topology',
    specTypes: [specForm('topology', 'Topology', () => ({ components: [] }))],
  },
  {
    table: 'config_scrapers',
    title: 'Catalog Scrapers',
    singular: 'Catalog Scraper',
    schemaType: 'scrape_config',
    permission: 'config_scrapers',
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    hasNamespace: true,
    hasLabels: false,
    hasSchedule: true,
    schedulePreset: 'scraper',
    hasIcon: false,
    hasAgent: true,
    tabs: ['Spec', 'Job History'],
    jobResourceType: 'config_scraper',
    specTypes: [
      kubernetesScraper,
      fileScraper,
      sqlScraper,
      codeType('Custom Scraper', () => ({ http: [{ url: '' }] })),
    ],
  },
  {
    table: 'notifications',
    title: 'Notification Rules',
    singular: 'Notification Rule',
    schemaType: 'notification',
    permission: 'notifications',
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Notification',
    hasNamespace: true,
    hasLabels: false,
    hasSchedule: false,
    hasIcon: false,
    tabs: ['Spec', 'Job History'],
    specTypes: [codeType('Notification Rule', () => ({ events: ['check.failed'], to: { email: '' } }))],
  },
  {
    table: 'teams',
    title: 'Teams',
    singular: 'Team',
    schemaType: 'team',
    permission: 'identities',
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Team',
    hasNamespace: false,
    hasLabels: false,
    hasSchedule: false,
    hasIcon: true,
    tabs: ['Spec', 'Members', 'Job History'],
    specTypes: [specForm('team', 'Team', () => ({ components: [] }))],
  },
  {
    table: 'logging_backends',
    title: 'Log Backends',
    singular: 'Log Backend',
    schemaType: 'logging_backend',
    permission: 'logging_backends',
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'LoggingBackend',
    hasNamespace: false,
    hasLabels: true,
    hasSchedule: false,
    hasIcon: false,
    hasAgent: true,
    tabs: ['Spec'],
    createText: 'Add',
    specTypes: [specForm('logging_backend', 'Log Backend', () => ({ loki: [{ url: '' }] }))],
  },
  {
    table: 'playbooks',
    title: 'Playbooks',
    singular: 'Playbook',
    schemaType: 'playbook',
    permission: 'playbooks',
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Playbook',
    hasNamespace: true,
    hasLabels: false,
    hasSchedule: false,
    hasIcon: false,
    tabs: ['Spec'],
    specTypes: [codeType('Playbook', () => ({ actions: [{ name: 'step 1', exec: { script: 'echo hello' } }] }))],
  },
];

/** The editor type of a table, or undefined for a table the generic editor does not know. */
export function resourceType(table: string): ResourceType | undefined {
  return RESOURCE_TYPES.find((type) => type.table === table);
}

/** The spec type a stored resource is edited with: the first form type whose fields it fills, else the code type. */
export function specTypeOf(type: ResourceType, spec: Record<string, unknown>): SpecType {
  const formType = type.specTypes.find((candidate) => {
    if (candidate.kind !== 'form') return false;
    if (candidate.specField) return true;
    const key = candidate.id;
    const entries = spec[key];
    return (
      Array.isArray(entries) && entries.length === 1 && Object.keys(spec).every((k) => k === key || k === 'schedule')
    );
  });
  return formType ?? type.specTypes.find((candidate) => candidate.kind === 'code') ?? (type.specTypes[0] as SpecType); // every type has at least one spec type
}
