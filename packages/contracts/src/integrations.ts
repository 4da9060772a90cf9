import { z } from 'zod';

/** One GitOps chart of the Add Integration wizard with its default values and values schema. */
export const integrationChartSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  chart: z.string(),
  repositoryName: z.string(),
  repositoryUrl: z.string(),
  releaseName: z.string(),
  defaultNamespace: z.string(),
  note: z.string().optional(),
  defaults: z.record(z.string(), z.unknown()),
  schema: z.record(z.string(), z.unknown()),
});

/** The Add Integration wizard's interval (001 §9 "interval 30m"): how often Flux re-reads and reconciles. */
export const INTEGRATION_INTERVAL = '30m';

/** `GET /api/integrations/charts` answer. */
export const integrationChartListSchema = z.array(integrationChartSchema);

/** `POST /api/integrations/charts/{id}/validate` answer: the values parsed (a 400 lists the issues). */
export const chartValuesValidSchema = z.object({ valid: z.literal(true), values: z.unknown() });

/** The three kinds of integration `integrations_with_status` lists. */
export const INTEGRATION_TYPES = ['scrapers', 'topologies', 'logging_backends'] as const;

/** A row of `integrations_with_status`: a scraper, topology or log backend with its last job run. */
export const integrationWithStatusRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  description: z.string().nullable(),
  integration_type: z.enum(INTEGRATION_TYPES),
  source: z.string().nullable(),
  agent_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  job_status: z.string().nullable(),
  job_name: z.string().nullable(),
  job_details: z.unknown(),
  job_duration_millis: z.number().nullable(),
  job_success_count: z.number().nullable(),
  job_error_count: z.number().nullable(),
  job_time_start: z.string().nullable(),
  job_time_end: z.string().nullable(),
});
/** An `integrations_with_status` row. */
export type IntegrationWithStatusRow = z.infer<typeof integrationWithStatusRowSchema>;
