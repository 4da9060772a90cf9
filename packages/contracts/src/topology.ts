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
export const checkSelectorSchema = z.strictObject({
  name: z.string().max(253).optional(),
  namespace: z.string().max(253).optional(),
  /** Check types: a list (upstream's ResourceSelector) or a comma-separated string. */
  types: z.union([z.string().max(253), z.array(z.string().max(64)).max(50)]).optional(),
  labelSelector: z.string().max(1024).optional(),
});

/** `checks: [{selector: …}]` or `checks: [{inline: {http: […]}}]` (inline checks become a canary). */
export const componentCheckSchema = z
  .strictObject({
    selector: checkSelectorSchema.optional(),
    inline: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((entry) => entry.selector !== undefined || entry.inline !== undefined, {
    error: 'a check entry needs a selector or inline checks',
  });

/** `configs: [{…}]`: catalog items by type, name, namespace and labels. */
export const configSelectorSchema = z
  .strictObject({
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
  /** Names the lookup in the build's errors (upstream's check name). */
  name: z.string().max(253).optional(),
  type: z.string().max(253).optional(),
  icon: z.string().max(253).optional(),
};

/** A SQL lookup against PostgreSQL: a stored connection (`connection://name` or its name) or a URL. */
export const sqlLookupSchema = z
  .strictObject({
    connection: z.string().max(512).optional(),
    url: z.string().max(2048).optional(),
    query: z.string().trim().min(1).max(65_536),
    ...lookupDefaults,
  })
  .refine((s) => !!s.connection !== !!s.url, { error: 'a postgres lookup needs exactly one of connection or url' });

/**
 * A lookup's `display` (canary-checker's Template): `javascript`, else `template` (Go text/template), else
 * `expr` (CEL), over the check's variables; its text, read as JSON when it is JSON, is the lookup's answer.
 */
export const lookupDisplaySchema = z
  .strictObject({
    expr: z.string().max(65_536).optional(),
    template: z.string().max(65_536).optional(),
    javascript: z.string().max(65_536).optional(),
  })
  .refine((d) => !!(d.expr || d.template || d.javascript), {
    error: 'display needs one of expr, template or javascript',
  });
/** A lookup's display block. */
export type LookupDisplay = z.infer<typeof lookupDisplaySchema>;

/**
 * An HTTP lookup: a GET; without `display` its JSON answer's rows at `jsonPath` (default: the answer
 * itself), with `display` what the display makes of the answer (`code`, `headers`, `body`, `json`).
 */
export const httpLookupSchema = z.strictObject({
  url: z.string().trim().min(1).max(2048),
  /** A map, or upstream's list of `{name, value}` (a `valueFrom` secret reference is not supported). */
  headers: z
    .union([
      z.record(z.string().max(253), z.string().max(4096)),
      z.array(z.strictObject({ name: z.string().min(1).max(253), value: z.string().max(4096) })).max(50),
    ])
    .optional(),
  jsonPath: z.string().max(512).optional(),
  display: lookupDisplaySchema.optional(),
  ...lookupDefaults,
});

const selectorValues = z.union([z.string().max(1024), z.array(z.string().max(253)).max(50)]);

/** Catalog items a `catalog` lookup selects (duty's ResourceSelector, the fields this server matches). */
export const catalogSelectorSchema = z.strictObject({
  id: z.guid().optional(),
  name: z.string().max(253).optional(),
  namespace: z.string().max(253).optional(),
  types: selectorValues.optional(),
  statuses: selectorValues.optional(),
  health: selectorValues.optional(),
  labelSelector: z.string().max(1024).optional(),
  tagSelector: z.string().max(1024).optional(),
});

/**
 * A `catalog` lookup (canary-checker's catalog check): the live catalog items its selectors match are
 * `results`; without a `display` each item is a component linked to it, with one the display's rows are.
 * `test` (over `results`) must pass or the lookup fails.
 */
export const catalogLookupSchema = z.strictObject({
  selector: z.array(catalogSelectorSchema).min(1).max(20),
  display: lookupDisplaySchema.optional(),
  test: z
    .strictObject({
      expr: z.string().max(4096).optional(),
      template: z.string().max(4096).optional(),
      javascript: z.string().max(4096).optional(),
    })
    .optional(),
  ...lookupDefaults,
});

/** Lookups of one component: each answer row becomes a child component. */
export const topologyLookupSchema = z.strictObject({
  postgres: z.array(sqlLookupSchema).max(20).optional(),
  http: z.array(httpLookupSchema).max(20).optional(),
  configs: z.array(configSelectorSchema).max(20).optional(),
  catalog: z.array(catalogLookupSchema).max(20).optional(),
});

/** A property's lookup: rows (or one value) from SQL or HTTP, merged into the components' properties. */
export const propertyLookupSchema = z.strictObject({
  postgres: z.array(sqlLookupSchema).max(20).optional(),
  http: z.array(httpLookupSchema).max(20).optional(),
});

/**
 * A property's `configLookup`: the first live catalog item `config` matches (its name, when `id` is
 * given, the value of the component's property of that name), shown through `display` over the item's
 * fields, `config` (its JSON) and `config_type`; the display's text becomes the property's `text`.
 */
export const configLookupSchema = z.strictObject({
  id: z.string().trim().min(1).max(253).optional(),
  config: z.strictObject({
    id: z.guid().optional(),
    name: z.string().max(253).optional(),
    namespace: z.string().max(253).optional(),
    type: z.string().max(253).optional(),
    tags: labels.optional(),
    tagSelector: z.string().max(1024).optional(),
    labelSelector: z.string().max(1024).optional(),
  }),
  display: z
    .strictObject({
      expr: z.string().max(65_536).optional(),
      template: z.string().max(65_536).optional(),
      javascript: z.string().max(65_536).optional(),
      jsonPath: z.string().max(512).optional(),
    })
    .refine((d) => !!(d.expr || d.template || d.javascript || d.jsonPath), {
      error: 'a configLookup needs a display (expr, template, javascript or jsonPath)',
    }),
});
/** A property's config lookup. */
export type ConfigLookup = z.infer<typeof configLookupSchema>;

/** A property of a spec: a {@link topologyPropertySchema} that may be filled by a lookup or a config lookup. */
export const topologyPropertySpecSchema = topologyPropertySchema
  .extend({ lookup: propertyLookupSchema.optional(), configLookup: configLookupSchema.optional() })
  .strict();
/** A property of a spec. */
export type TopologyPropertySpec = z.infer<typeof topologyPropertySpecSchema>;

const selectorList = z.union([z.string().max(1024), z.array(z.string().max(253)).max(50)]);

/**
 * Selects components (duty's ResourceSelector for components): the selected ones become related to the
 * selecting component (`component_relationships`). `fieldSelector` is `field=value` pairs (`!=` too) on
 * {@link COMPONENT_SELECTOR_FIELDS}.
 */
export const componentSelectorSchema = z
  .strictObject({
    id: z.string().max(64).optional(),
    name: z.string().max(253).optional(),
    namespace: z.string().max(253).optional(),
    types: selectorList.optional(),
    statuses: selectorList.optional(),
    labelSelector: z.string().max(1024).optional(),
    fieldSelector: z.string().max(1024).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .refine((s) => Object.entries(s).some(([key, value]) => key !== 'limit' && value !== undefined), {
    error:
      'a component selector needs at least one of id, name, namespace, types, statuses, labelSelector, fieldSelector',
  });
/** A component selector. */
export type ComponentSelector = z.infer<typeof componentSelectorSchema>;

/** Component columns a component selector's `fieldSelector` may name. */
export const COMPONENT_SELECTOR_FIELDS = [
  'name',
  'type',
  'status',
  'owner',
  'namespace',
  'lifecycle',
  'health',
] as const;

/**
 * Where a component found by a lookup (or written in the spec) is attached: the component whose
 * `externalID` this names, else the one of this name (and type and namespace when given).
 */
export const parentLookupSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(253).optional(),
    type: z.string().max(253).optional(),
    /** A component's own namespace, else its topology's. */
    namespace: z.string().max(253).optional(),
    externalID: z.string().trim().min(1).max(253).optional(),
  })
  .refine((p) => p.name !== undefined || p.externalID !== undefined, {
    error: 'a parentLookup needs a name or an externalID',
  });

/**
 * `id` of a spec or component (canary-checker's Template): `javascript`, else `template`, else `expr`,
 * over `self` (the component) and `properties` (its properties by name). On a component it is the
 * `externalID` of what it yields (the components its lookup found, else itself); on the spec, the root
 * component's id when it answers a UUID.
 */
export const idTemplateSchema = z
  .strictObject({
    expr: z.string().max(4096).optional(),
    template: z.string().max(4096).optional(),
    javascript: z.string().max(4096).optional(),
  })
  .refine((d) => !!(d.expr || d.template || d.javascript), { error: 'id needs one of expr, template or javascript' });

/** Fields a component and a topology's root share. */
const componentFields = {
  id: idTemplateSchema.optional(),
  type: z.string().max(253).optional(),
  icon: z.string().max(253).optional(),
  text: z.string().max(4096).optional(),
  description: z.string().max(4096).optional(),
  owner: z.string().max(253).optional(),
  labels: labels.optional(),
  tooltip: z.string().max(1024).optional(),
  lifecycle: z.string().max(64).optional(),
  status: z.enum(COMPONENT_STATUSES).optional(),
  /** Upstream's name for a component's own health; the same as `status`. */
  health: z.enum(COMPONENT_STATUSES).optional(),
  hidden: z.boolean().optional(),
  properties: z.array(topologyPropertySpecSchema).max(TOPOLOGY_LIMITS.maxProperties).optional(),
  checks: z.array(componentCheckSchema).max(100).optional(),
  configs: z.array(configSelectorSchema).max(100).optional(),
  selectors: z.array(componentSelectorSchema).max(20).optional(),
  lookup: topologyLookupSchema.optional(),
  logs: z.array(z.record(z.string(), z.unknown())).max(20).optional(),
  parentLookup: parentLookupSchema.optional(),
  /** CEL over `summary` (children counts by status): the component's status when the tree is read. */
  statusExpr: z.string().trim().min(1).max(4096).optional(),
  /** CEL over `summary` and `self` (the component): its health, which is its status here. */
  healthExpr: z.string().trim().min(1).max(4096).optional(),
};

/** Fields of a component (not of the root): its own namespace and the catalog item it stands for. */
const componentOnlyFields = {
  /** Defaults to the topology's namespace. */
  namespace: z.string().trim().min(1).max(253).optional(),
  /** A catalog item's id: the component stands for it (components.config_id and a config link). */
  configID: z.guid().optional(),
  /** The key another component's `parentLookup.externalID` finds this one by. */
  externalID: z.string().trim().min(1).max(253).optional(),
};

/** A component of a spec, with its children. */
export interface TopologyComponentSpec {
  name: string;
  id?: z.infer<typeof idTemplateSchema> | undefined;
  type?: string | undefined;
  icon?: string | undefined;
  text?: string | undefined;
  description?: string | undefined;
  owner?: string | undefined;
  labels?: Record<string, string> | undefined;
  tooltip?: string | undefined;
  lifecycle?: string | undefined;
  status?: ComponentStatus | undefined;
  health?: ComponentStatus | undefined;
  hidden?: boolean | undefined;
  properties?: TopologyPropertySpec[] | undefined;
  checks?: z.infer<typeof componentCheckSchema>[] | undefined;
  configs?: z.infer<typeof configSelectorSchema>[] | undefined;
  selectors?: ComponentSelector[] | undefined;
  lookup?: z.infer<typeof topologyLookupSchema> | undefined;
  logs?: Record<string, unknown>[] | undefined;
  parentLookup?: z.infer<typeof parentLookupSchema> | undefined;
  statusExpr?: string | undefined;
  healthExpr?: string | undefined;
  namespace?: string | undefined;
  configID?: string | undefined;
  externalID?: string | undefined;
  forEach?: TopologyForEach | undefined;
  components?: TopologyComponentSpec[] | undefined;
}

/**
 * `forEach` of a component with a lookup: merged into every component the lookup found, its strings
 * templated with `$(.component.<field>)` and `$(.properties.<name>)` of that component.
 */
export interface TopologyForEach {
  components?: TopologyComponentSpec[] | undefined;
  properties?: TopologyPropertySpec[] | undefined;
  configs?: z.infer<typeof configSelectorSchema>[] | undefined;
  selectors?: ComponentSelector[] | undefined;
  checks?: z.infer<typeof componentCheckSchema>[] | undefined;
}

/** `forEach` (recursive through its components). */
export const topologyForEachSchema: z.ZodType<TopologyForEach> = z.lazy(() =>
  z.strictObject({
    components: z.array(topologyComponentSchema).max(100).optional(),
    properties: z.array(topologyPropertySpecSchema).max(TOPOLOGY_LIMITS.maxProperties).optional(),
    configs: z.array(configSelectorSchema).max(100).optional(),
    selectors: z.array(componentSelectorSchema).max(20).optional(),
    checks: z.array(componentCheckSchema).max(100).optional(),
  }),
);

/** One component of a spec (recursive). */
export const topologyComponentSchema: z.ZodType<TopologyComponentSpec> = z.lazy(() =>
  z.strictObject({
    name,
    ...componentFields,
    ...componentOnlyFields,
    forEach: topologyForEachSchema.optional(),
    components: z.array(topologyComponentSchema).max(TOPOLOGY_LIMITS.maxComponents).optional(),
  }),
);

/**
 * `groupBy`: one root per distinct value of the catalog tag `tag` (among the items `selector` matches),
 * named `<topology> (<value>)`, its config selectors, component selectors and catalog lookups narrowed to
 * that value.
 */
export const topologyGroupBySchema = z.strictObject({
  tag: z.string().trim().min(1).max(253),
  selector: catalogSelectorSchema.optional(),
});

/** `spec` of a Topology: the root component's fields, its schedule and its components. */
export const topologySpecSchema = z.strictObject({
  schedule: z.string().max(128).optional(),
  groupBy: topologyGroupBySchema.optional(),
  label: z.string().max(253).optional(),
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
