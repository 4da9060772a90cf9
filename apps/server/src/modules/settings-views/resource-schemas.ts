import { CHECK_SPEC_SCHEMAS } from '@mc/contracts';
import { z } from 'zod';

/**
 * JSON schemas of the specs the generic resource editor edits (spec 001 §2 "Resource editor"). They are
 * deliberately small: the required fields and the shape of each spec, so the Code tab flags what would
 * fail at run time, without rejecting upstream fields this server does not use.
 */
export type JsonSchema = Record<string, unknown>;

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
const str = { type: 'string' } as const;
const strMin = { type: 'string', minLength: 1 } as const;
const obj = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});
const list = (items: unknown) => ({ type: 'array', items });
const map = { type: 'object', additionalProperties: { type: 'string' } } as const;
const schedule = {
  type: 'string',
  description: 'cron expression or @every <duration>, @hourly, @daily, @weekly',
} as const;
const selector = obj({
  name: str,
  namespace: str,
  types: list(str),
  labelSelector: str,
  fieldSelector: str,
  agent: str,
  search: str,
});

function fromZod(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

function canarySpec(): JsonSchema {
  const checks = Object.fromEntries(
    Object.entries(CHECK_SPEC_SCHEMAS).map(([type, schema]) => [type, list(fromZod(schema))]),
  );
  return obj({
    schedule,
    interval: { type: 'integer', minimum: 0 },
    replicas: { type: 'integer', minimum: 0 },
    icon: str,
    severity: str,
    owner: str,
    ...checks,
  });
}

const topologyComponent = obj(
  {
    name: strMin,
    type: str,
    icon: str,
    text: str,
    properties: list(obj({ name: strMin }, ['name'])),
    // Component selectors take `types` as a list or a comma string, and a component that only selects
    // may have no name; the topology module validates both in full (topology-spec.ts).
    selectors: list({ type: 'object' }),
    configs: list(selector),
    checks: list(selector),
    components: list({ type: 'object' }),
    lookup: { type: 'object' },
  },
  [],
);

const scraperSpec = obj({
  schedule,
  full: { type: 'boolean' },
  retention: { type: 'object' },
  kubernetes: list(
    obj(
      {
        clusterName: strMin,
        namespace: str,
        exclusions: { type: 'object' },
        maxInflight: { type: 'integer', minimum: 1 },
      },
      ['clusterName'],
    ),
  ),
  kubernetesFile: list(
    obj({ selector: selector, container: str, files: list(obj({ path: list(str) })) }, ['selector']),
  ),
  file: list(
    obj({ paths: { type: 'array', items: strMin, minItems: 1 }, url: str, type: str, id: str, name: str }, ['paths']),
  ),
  sql: list(obj({ connection: str, host: strMin, query: strMin, driver: str, type: str, id: str }, ['host', 'query'])),
  http: list(obj({ url: strMin, connection: str, method: str, type: str, id: str }, ['url'])),
  aws: list(obj({ connection: str, region: list(str), include: list(str) })),
  azure: list(obj({ connection: str, subscriptionID: str, organisation: str, tenantID: str })),
  gcp: list(obj({ connection: str, project: str })),
  github: list(obj({ repository: strMin, owner: strMin }, ['repository', 'owner'])),
  githubActions: list(
    obj({ owner: strMin, repository: strMin, personalAccessToken: { type: 'object' } }, ['owner', 'repository']),
  ),
  azureDevops: list(obj({ organization: strMin, projects: list(str) }, ['organization'])),
  terraform: list(obj({ name: str, state: { type: 'object' } })),
  trivy: list({ type: 'object' }),
  exec: list(obj({ script: strMin }, ['script'])),
});

const recipient = obj({ person: str, team: str, email: str, connection: str, url: str, playbook: str });
const notificationSpec = obj(
  {
    events: { type: 'array', items: strMin, minItems: 1 },
    title: str,
    template: str,
    filter: str,
    to: recipient,
    repeatInterval: str,
    waitFor: str,
    groupBy: list(str),
    groupByInterval: str,
    inhibitions: list({ type: 'object' }),
    fallback: obj({ delay: str, person: str, team: str, email: str, connection: str, url: str, playbook: str }),
  },
  ['events', 'to'],
);

const teamSpec = obj({ components: list(selector), configs: list(selector), selectors: list(selector) });

const logBackendSpec = obj(
  {
    routes: list(obj({ type: str, idPrefix: str, labels: map, isAdditive: { type: 'boolean' } })),
    loki: list(obj({ url: strMin, connection: str }, ['url'])),
    elasticsearch: list(obj({ url: strMin, index: strMin, query: str, connection: str }, ['url', 'index'])),
    opensearch: list(obj({ url: strMin, index: strMin, connection: str }, ['url', 'index'])),
    kubernetes: list(obj({ kubeconfig: { type: 'object' }, namespace: str })),
    file: list(obj({ paths: { type: 'array', items: strMin, minItems: 1 }, labels: map }, ['paths'])),
  },
  [],
  { minProperties: 1 },
);

const PARAMETER_TYPES = [
  'text',
  'checkbox',
  'list',
  'code',
  'config',
  'configs',
  'component',
  'check',
  'people',
  'team',
  'duration',
  'secret',
  'bytes',
  'millicores',
];
const playbookSpec = obj(
  {
    title: str,
    description: str,
    category: str,
    icon: str,
    timeout: str,
    on: { type: 'object' },
    runsOn: list(str),
    configs: list(selector),
    checks: list(selector),
    components: list(selector),
    parameters: list(
      obj(
        {
          name: strMin,
          label: str,
          type: { enum: PARAMETER_TYPES },
          default: {},
          required: { type: 'boolean' },
          properties: { type: 'object' },
        },
        ['name'],
      ),
    ),
    approval: obj({ type: { enum: ['any', 'all'] }, approvers: obj({ people: list(str), teams: list(str) }) }),
    actions: { type: 'array', minItems: 1, items: obj({ name: strMin, delay: str, timeout: str, if: str }, ['name']) },
  },
  ['actions'],
);

/** One schema-driven resource type: its table, JSON schema file name and spec schema. */
export interface ResourceSchema {
  table: string;
  file: string;
  title: string;
  spec: () => JsonSchema;
}

/** The schema-driven types of the generic editor, keyed by table. */
export const RESOURCE_SCHEMAS: readonly ResourceSchema[] = [
  { table: 'canaries', file: 'canary', title: 'Health Check', spec: canarySpec },
  {
    table: 'topologies',
    file: 'topology',
    title: 'Topology',
    spec: () =>
      obj({
        schedule,
        type: str,
        icon: str,
        text: str,
        label: str,
        components: list(topologyComponent),
        properties: list({ type: 'object' }),
        configs: list(selector),
      }),
  },
  { table: 'config_scrapers', file: 'scrape_config', title: 'Catalog Scraper', spec: () => scraperSpec },
  { table: 'notifications', file: 'notification', title: 'Notification Rule', spec: () => notificationSpec },
  { table: 'teams', file: 'team', title: 'Team', spec: () => teamSpec },
  { table: 'logging_backends', file: 'logging_backend', title: 'Log Backend', spec: () => logBackendSpec },
  { table: 'playbooks', file: 'playbook', title: 'Playbook', spec: () => playbookSpec },
];

const ALIASES: Readonly<Record<string, string>> = {
  config_scraper: 'config_scrapers',
  catalog_scraper: 'config_scrapers',
  scraper: 'config_scrapers',
  notification_rule: 'notifications',
  // the names upstream's console asks for (`/api/schemas/canary.spec.schema.json`, …)
  'canary.spec': 'canaries',
  'scrape_config.spec': 'config_scrapers',
  'playbook-spec': 'playbooks',
};

/**
 * `config_kubernetes`: one `kubernetes` entry of a scraper spec, the schema upstream's console asks for
 * when it edits a Kubernetes scraper (config-db's `config_kubernetes.schema.json`), cut from ours.
 */
export function kubernetesScraperSchema(): JsonSchema {
  const properties = (scraperSpec as { properties: Record<string, { items: JsonSchema }> }).properties; // built by obj() above
  return {
    $schema: DRAFT,
    $id: '/api/schemas/config_kubernetes.schema.json',
    title: 'Kubernetes scraper',
    ...properties.kubernetes?.items,
  };
}

/** Finds a type by table name, schema file name or alias (`canary`, `canaries`, `scrape_config`…). */
export function findResourceSchema(name: string): ResourceSchema | undefined {
  const key = ALIASES[name] ?? name;
  return RESOURCE_SCHEMAS.find((entry) => entry.table === key || entry.file === key);
}

const built = new Map<string, JsonSchema>();

/** The full JSON schema document of a type's spec, built once. */
export function jsonSchemaOf(entry: ResourceSchema): JsonSchema {
  let schema = built.get(entry.table);
  if (!schema) {
    schema = {
      $schema: DRAFT,
      $id: `/api/schemas/${entry.file}.schema.json`,
      title: `${entry.title} spec`,
      ...entry.spec(),
    };
    built.set(entry.table, schema);
  }
  return schema;
}

const builtDocuments = new Map<string, JsonSchema>();

/**
 * The schema of a whole resource document as the editor's Code tab holds it: `metadata` (name
 * required, namespace, labels) and `spec` (the type's spec schema), so issues are reported at their
 * line in the document the user sees.
 */
export function documentSchemaOf(entry: ResourceSchema): JsonSchema {
  let schema = builtDocuments.get(entry.table);
  if (!schema) {
    const { $schema: _draft, $id: _id, title: _title, ...spec } = jsonSchemaOf(entry);
    schema = {
      $schema: DRAFT,
      $id: `/api/schemas/${entry.file}.document.schema.json`,
      title: `${entry.title} document`,
      ...obj(
        {
          apiVersion: str,
          kind: str,
          metadata: obj({ name: strMin, namespace: str, labels: map, icon: str }, ['name']),
          spec,
        },
        ['metadata', 'spec'],
      ),
    };
    builtDocuments.set(entry.table, schema);
  }
  return schema;
}
