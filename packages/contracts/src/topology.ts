/**
 * Topology (spec 000 §2, §7; 001 §2): canary-checker's `Topology` document (`canaries.flanksource.com/v1`),
 * the statuses a component rolls up to, the query of `/canary/api/topology` and the tree it answers. The
 * server's builder and the console share these shapes and limits.
 */
import { z } from 'zod';

import {
  COMPONENT_STATUSES,
  type ComponentStatus,
  MAX_TOPOLOGY_DEPTH,
  TOPOLOGY_API_VERSION,
  TOPOLOGY_LIMITS,
} from './topology-constants.js';

export {
  COMPONENT_STATUSES,
  type ComponentStatus,
  DEFAULT_TOPOLOGY_SCHEDULE,
  HIDDEN_COMPONENTS_KEY,
  MAX_TOPOLOGY_DEPTH,
  TOPOLOGY_API_VERSION,
  TOPOLOGY_LIMITS,
  TOPOLOGY_TEXTS,
  TOPOLOGY_VIEW_REFRESH_MS,
} from './topology-constants.js';

const name = z.string().trim().min(1).max(253);
const labels = z.record(z.string().max(253), z.string().max(1024));

/** A component property (canary-checker `Property`): text, a number with its unit, a link, or a health. */
export const topologyPropertySchema = z.object({
  name: z.string().trim().min(1).max(253),
  label: z.string().max(253).optional(),
  text: z.string().max(4096).optional(),
  value: z.number().finite().optional(),
  unit: z.string().max(32).optional(),
  max: z.number().finite().optional(),
  min: z.number().finite().optional(),
  url: z.string().max(2048).optional(),
  type: z.string().max(64).optional(),
  color: z.string().max(64).optional(),
  icon: z.string().max(253).optional(),
  tooltip: z.string().max(1024).optional(),
  headline: z.boolean().optional(),
  status: z.enum(COMPONENT_STATUSES).optional(),
  order: z.number().int().optional(),
});
/** A property as stored on a component. */
export type TopologyProperty = z.infer<typeof topologyPropertySchema>;

/** Attaches checks by name, namespace, type or labels (`k=v,k2=v2`, matched against check and canary labels). */
export const checkSelectorSchema = z.object({
  name: z.string().max(253).optional(),
  namespace: z.string().max(253).optional(),
  /** Check types: a list (upstream's ResourceSelector) or a comma-separated string. */
  types: z.union([z.string().max(253), z.array(z.string().max(64)).max(50)]).optional(),
  labelSelector: z.string().max(1024).optional(),
});

/** `checks: [{selector: …}]` or `checks: [{inline: {http: […]}}]` (inline checks become a canary). */
export const componentCheckSchema = z
  .object({
    selector: checkSelectorSchema.optional(),
    inline: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((entry) => entry.selector !== undefined || entry.inline !== undefined, {
    error: 'a check entry needs a selector or inline checks',
  });

/** `configs: [{…}]`: catalog items by type, name, namespace and labels. */
export const configSelectorSchema = z
  .object({
    id: z.string().max(64).optional(),
    type: z.string().max(253).optional(),
    name: z.string().max(253).optional(),
    namespace: z.string().max(253).optional(),
    labels: labels.optional(),
    tagSelector: z.string().max(1024).optional(),
  })
  .refine((s) => Object.values(s).some((value) => value !== undefined), {
    error: 'a config selector needs at least one of id, type, name, namespace, labels',
  });

const lookupDefaults = {
  type: z.string().max(253).optional(),
  icon: z.string().max(253).optional(),
};

/** A SQL lookup against PostgreSQL: a stored connection (`connection://name` or its name) or a URL. */
export const sqlLookupSchema = z
  .object({
    connection: z.string().max(512).optional(),
    url: z.string().max(2048).optional(),
    query: z.string().trim().min(1).max(65_536),
    ...lookupDefaults,
  })
  .refine((s) => !!s.connection !== !!s.url, { error: 'a postgres lookup needs exactly one of connection or url' });

/** An HTTP lookup: a GET answering JSON, its rows at `jsonPath` (default: the answer itself). */
export const httpLookupSchema = z.object({
  url: z.string().trim().min(1).max(2048),
  headers: z.record(z.string().max(253), z.string().max(4096)).optional(),
  jsonPath: z.string().max(512).optional(),
  ...lookupDefaults,
});

/** Lookups of one component: each answer row becomes a child component. */
export const topologyLookupSchema = z.object({
  postgres: z.array(sqlLookupSchema).max(20).optional(),
  http: z.array(httpLookupSchema).max(20).optional(),
  configs: z.array(configSelectorSchema).max(20).optional(),
});

/** Fields a component and a topology's root share. */
const componentFields = {
  type: z.string().max(253).optional(),
  icon: z.string().max(253).optional(),
  text: z.string().max(4096).optional(),
  description: z.string().max(4096).optional(),
  owner: z.string().max(253).optional(),
  labels: labels.optional(),
  tooltip: z.string().max(1024).optional(),
  lifecycle: z.string().max(64).optional(),
  status: z.enum(COMPONENT_STATUSES).optional(),
  hidden: z.boolean().optional(),
  properties: z.array(topologyPropertySchema).max(TOPOLOGY_LIMITS.maxProperties).optional(),
  checks: z.array(componentCheckSchema).max(100).optional(),
  configs: z.array(configSelectorSchema).max(100).optional(),
  lookup: topologyLookupSchema.optional(),
  logs: z.array(z.record(z.string(), z.unknown())).max(20).optional(),
};

/** A component of a spec, with its children. */
export interface TopologyComponentSpec {
  name: string;
  type?: string | undefined;
  icon?: string | undefined;
  text?: string | undefined;
  description?: string | undefined;
  owner?: string | undefined;
  labels?: Record<string, string> | undefined;
  tooltip?: string | undefined;
  lifecycle?: string | undefined;
  status?: ComponentStatus | undefined;
  hidden?: boolean | undefined;
  properties?: TopologyProperty[] | undefined;
  checks?: z.infer<typeof componentCheckSchema>[] | undefined;
  configs?: z.infer<typeof configSelectorSchema>[] | undefined;
  lookup?: z.infer<typeof topologyLookupSchema> | undefined;
  logs?: Record<string, unknown>[] | undefined;
  components?: TopologyComponentSpec[] | undefined;
}

/** One component of a spec (recursive). */
export const topologyComponentSchema: z.ZodType<TopologyComponentSpec> = z.lazy(() =>
  z.object({
    name,
    ...componentFields,
    components: z.array(topologyComponentSchema).max(TOPOLOGY_LIMITS.maxComponents).optional(),
  }),
);

/** `spec` of a Topology: the root component's fields, its schedule and its components. */
export const topologySpecSchema = z.object({
  schedule: z.string().max(128).optional(),
  label: z.string().max(253).optional(),
  id: z.record(z.string(), z.unknown()).optional(),
  ...componentFields,
  components: z.array(topologyComponentSchema).max(TOPOLOGY_LIMITS.maxComponents).optional(),
});
/** A Topology's spec. */
export type TopologySpec = z.infer<typeof topologySpecSchema>;

/** A whole Topology document. */
export const topologyDocumentSchema = z.object({
  apiVersion: z.literal(TOPOLOGY_API_VERSION).optional(),
  kind: z.literal('Topology').optional(),
  metadata: z.object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .regex(/^[a-z0-9A-Z]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/, { error: 'name must be letters, digits, -, _ or .' }),
    namespace: z.string().trim().min(1).max(253).default('default'),
    labels: labels.optional(),
  }),
  spec: topologySpecSchema,
});
/** A parsed Topology document. */
export type TopologyDocument = z.infer<typeof topologyDocumentSchema>;

const csv = z
  .string()
  .max(4096)
  .transform((raw) =>
    raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );

/** `GET /canary/api/topology` query. */
export const topologyQuerySchema = z.object({
  id: z.guid().optional(),
  topologyId: z.guid().optional(),
  depth: z.coerce.number().int().min(0).max(MAX_TOPOLOGY_DEPTH).default(2),
  status: csv.pipe(z.array(z.enum(COMPONENT_STATUSES))).optional(),
  type: csv.pipe(z.array(z.string().max(253))).optional(),
  owner: z.string().max(253).optional(),
  team: z.string().max(253).optional(),
  /** `key=value` pairs, comma separated; a component matches all of them. */
  labels: z.string().max(4096).optional(),
  /** `false` (default) leaves out hidden components; `true` includes them. */
  hidden: z.enum(['true', 'false']).default('false'),
});
/** A parsed topology query. */
export type TopologyQuery = z.infer<typeof topologyQuerySchema>;

/** `GET /snapshot/topology/{id}` query. */
export const topologySnapshotQuerySchema = z.object({
  /** How far back results, changes and incidents go: a duration like `15m`, `2h`, `7d`. Default 1h. */
  start: z
    .string()
    .regex(/^\d{1,6}(s|m|h|d)$/, { error: 'start must be a duration like 15m, 2h or 7d' })
    .default('1h'),
  /** Include related configs, changes and incidents (default true). */
  related: z.enum(['true', 'false']).default('true'),
});

/** Counts of children by status, and of the component's own checks. */
export interface ComponentSummary {
  healthy?: number;
  unhealthy?: number;
  warning?: number;
  unknown?: number;
  checks?: { healthy?: number; unhealthy?: number; unknown?: number };
  incidents?: number;
  insights?: number;
}

/** A component as `/canary/api/topology` answers it. */
export interface TopologyComponent {
  id: string;
  topology_id: string | null;
  parent_id: string | null;
  name: string;
  text: string | null;
  type: string | null;
  icon: string | null;
  owner: string | null;
  labels: Record<string, string> | null;
  hidden: boolean;
  status: ComponentStatus;
  status_reason: string | null;
  description: string | null;
  properties: TopologyProperty[] | null;
  summary: ComponentSummary | null;
  config_id: string | null;
  path: string | null;
  created_at: string;
  updated_at: string;
  components?: TopologyComponent[];
}

/** `GET /canary/api/topology` answer (upstream's keys). */
export interface TopologyResponse {
  components: TopologyComponent[];
  /** Ancestors of `id`, root first (breadcrumbs). */
  parents: { id: string; name: string; icon: string | null }[];
  healthStatuses: ComponentStatus[];
  teams: string[];
  tags: Record<string, string[]>;
  types: string[];
}

const componentSummarySchema = z.object({
  healthy: z.number().optional(),
  unhealthy: z.number().optional(),
  warning: z.number().optional(),
  unknown: z.number().optional(),
  checks: z
    .object({ healthy: z.number().optional(), unhealthy: z.number().optional(), unknown: z.number().optional() })
    .optional(),
  incidents: z.number().optional(),
  insights: z.number().optional(),
});

/** A component of the tree with its children (recursive; named `TopologyComponent` in the API document). */
export const topologyComponentViewSchema: z.ZodType<TopologyComponent> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      topology_id: z.string().nullable(),
      parent_id: z.string().nullable(),
      name: z.string(),
      text: z.string().nullable(),
      type: z.string().nullable(),
      icon: z.string().nullable(),
      owner: z.string().nullable(),
      labels: z.record(z.string(), z.string()).nullable(),
      hidden: z.boolean(),
      status: z.enum(COMPONENT_STATUSES),
      status_reason: z.string().nullable(),
      description: z.string().nullable(),
      properties: z.array(topologyPropertySchema).nullable(),
      summary: componentSummarySchema.nullable(),
      config_id: z.string().nullable(),
      path: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
      components: z.array(topologyComponentViewSchema).optional(),
    }),
  )
  .meta({ id: 'TopologyComponent' });

/** `GET /api/canary/api/topology` answer. */
export const topologyResponseSchema = z.object({
  components: z.array(topologyComponentViewSchema),
  parents: z.array(z.object({ id: z.string(), name: z.string(), icon: z.string().nullable() })),
  healthStatuses: z.array(z.enum(COMPONENT_STATUSES)),
  teams: z.array(z.string()),
  tags: z.record(z.string(), z.array(z.string())),
  types: z.array(z.string()),
});

/** `POST /api/canary/run/topology/{id}` answer: the queued build's job id, null when one was already queued. */
export const topologyRunAnswerSchema = z.object({ id: z.string(), jobId: z.string().nullable(), queued: z.boolean() });
