/** A JSON schema as a plain object (draft 2020-12), shipped with the server. */
export type ChartSchema = Record<string, unknown>;

/**
 * One Helm chart the Add Integration wizard installs through GitOps (001 §2): where the chart lives,
 * the values a new install starts from and the JSON schema of its values, which the editor validates
 * against and completes from. Adding a chart is one file in this folder plus its line in `registry.ts`.
 */
export interface ChartDefinition {
  /** The wizard option's id, used in URLs (`aws`, `prometheus`…). */
  id: string;
  /** The option's title in the grid and the modal title ("Add Integration AWS"). */
  title: string;
  description: string;
  /** The chart's name in its repository. */
  chart: string;
  /** Name of the Helm repository (the HelmRepository object and `helm repo add`). */
  repositoryName: string;
  repositoryUrl: string;
  /** Release (and HelmRelease) name. */
  releaseName: string;
  defaultNamespace: string;
  /** A note the form shows above the values, when the chart has a prerequisite. */
  note?: string;
  /** The values a new install starts from (shown as YAML in the editor). */
  defaults: Record<string, unknown>;
  schema: ChartSchema;
}

/** The chart repository every Mission Control chart is published to. */
export const FLANKSOURCE_CHARTS = { name: 'flanksource', url: 'https://flanksource.github.io/charts' } as const;

/** The namespace the wizard proposes. */
export const DEFAULT_INTEGRATION_NAMESPACE = 'mission-control';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/** A schema object node: its properties, with `additionalProperties: false` so a typo is an error. */
export function object(
  description: string,
  properties: Record<string, unknown>,
  required: string[] = [],
): Record<string, unknown> {
  return {
    type: 'object',
    description,
    properties,
    additionalProperties: false,
    ...(required.length > 0 ? { required } : {}),
  };
}

/** Leaf schema nodes, each with a description the editor's completion shows. */
export const leaf = {
  string: (description: string, extra: Record<string, unknown> = {}) => ({ type: 'string', description, ...extra }),
  boolean: (description: string) => ({ type: 'boolean', description }),
  integer: (description: string, minimum = 0) => ({ type: 'integer', description, minimum }),
  enum: (description: string, values: readonly string[]) => ({ type: 'string', description, enum: values }),
  strings: (description: string) => ({ type: 'array', description, items: { type: 'string' } }),
  schedule: () => ({
    type: 'string',
    description: 'cron expression or @every <duration>, such as @every 1h',
    pattern: '^(@every \\d+[smhd]|@(hourly|daily|weekly|monthly)|(\\S+\\s+){4}\\S+)$',
  }),
};

/** The root schema of a chart's values. */
export function valuesSchema(id: string, properties: Record<string, unknown>, required: string[] = []): ChartSchema {
  return {
    $schema: DRAFT,
    $id: `https://mission-control.local/schemas/charts/${id}.schema.json`,
    ...object(`Values of the ${id} chart`, properties, required),
  };
}
