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

/** `GET /api/integrations/charts` answer. */
export const integrationChartListSchema = z.array(integrationChartSchema);

/** `POST /api/integrations/charts/{id}/validate` answer: the values parsed (a 400 lists the issues). */
export const chartValuesValidSchema = z.object({ valid: z.literal(true), values: z.unknown() });
