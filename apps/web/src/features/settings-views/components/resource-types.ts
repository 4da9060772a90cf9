import type { FieldDef, ResourceType, SpecType } from './resource-model';
import { HTTP_METHODS, HTTP_RESPONSE_CODES } from './schedules';

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

const httpFields: readonly FieldDef[] = [
  { key: 'url', label: 'URL', kind: 'text', required: true },
  { key: 'method', label: 'Method', kind: 'select', options: HTTP_METHODS, defaultValue: 'GET' },
  { key: 'responseCode', label: 'Response Code', kind: 'select', options: HTTP_RESPONSE_CODES, defaultValue: '200' },
  { key: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number', required: true, defaultValue: '5000' },
];

const httpCheck: SpecType = {
  id: 'http',
  label: 'HTTP',
  kind: 'form',
  fields: httpFields,
  specField: false,
  template: (name) => ({ http: [{ name, url: '', responseCodes: [200], thresholdMillis: 5000 }] }),
  toSpec: (fields, name, base) => ({
    ...base,
    http: [
      {
        ...firstOf(base, 'http'),
        name,
        url: fields.url ?? '',
        method: fields.method || 'GET',
        responseCodes: [Number(fields.responseCode || 200)],
        thresholdMillis: Number(fields.thresholdMillis),
      },
    ],
  }),
  fromSpec: (spec) => {
    const check = firstOf(spec, 'http');
    const codes = Array.isArray(check.responseCodes) ? check.responseCodes : [];
    return {
      url: text(check.url ?? check.endpoint),
      method: text(check.method) || 'GET',
      responseCode: text(codes[0]) || '200',
      thresholdMillis: text(check.thresholdMillis),
    };
  },
};

const kubernetesScraper: SpecType = {
  id: 'kubernetes',
  label: 'Kubernetes',
  kind: 'form',
  fields: [{ key: 'clusterName', label: 'Cluster Name', kind: 'text', required: true }],
  specField: false,
  template: () => ({ kubernetes: [{ clusterName: '' }] }),
  toSpec: (fields, _name, base) => ({
    ...base,
    kubernetes: [{ ...firstOf(base, 'kubernetes'), clusterName: fields.clusterName ?? '' }],
  }),
  fromSpec: (spec) => ({ clusterName: text(firstOf(spec, 'kubernetes').clusterName) }),
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
    hasIcon: false,
    hasAgent: true,
    tabs: ['Spec', 'Job History'],
    jobResourceType: 'config_scraper',
    specTypes: [kubernetesScraper, fileScraper, codeType('Custom Scraper', () => ({ http: [{ url: '' }] }))],
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
