import { z } from 'zod';

const text = z.string().nullable();
const stringMap = z.record(z.string(), z.string()).nullable();
/** A `numeric` cost column: the data API may answer it as a number or as a decimal string. */
const cost = z.union([z.number(), z.string()]).nullable();

/**
 * A row of `config_items` (000 §3 Config item) as the data API answers it: the console's columns and
 * the scraped document (`config`), which the console reads on its own because it may be huge.
 */
export const configItemRowSchema = z.object({
  id: z.string(),
  name: text,
  type: text,
  config_class: text,
  status: text,
  health: text,
  labels: stringMap,
  tags: stringMap,
  description: text,
  namespace: text,
  external_id: z.array(z.string()).nullable(),
  icon: text,
  path: text,
  parent_id: text,
  scraper_id: text,
  agent_id: text,
  config: z.unknown(),
  created_at: text,
  updated_at: text,
  deleted_at: text,
  delete_reason: text,
  cost_per_minute: cost,
  cost_total_1d: cost,
  cost_total_7d: cost,
  cost_total_30d: cost,
});
/** A `config_items` row. */
export type ConfigItemRow = z.infer<typeof configItemRowSchema>;

/** A row of the `configs` view (the catalog list): the item with its 7-day change count and open insights by type. */
export const configListRowSchema = configItemRowSchema.omit({ config: true }).extend({
  changes: z.number().nullable(),
  analysis: z.record(z.string(), z.number()).nullable(),
});
/** A `configs` row. */
export type ConfigListRow = z.infer<typeof configListRowSchema>;

/** A row of `config_detail` (the item page): the item with its counts of relationships, insights, changes and checks. */
export const configDetailRowSchema = configItemRowSchema.extend({
  summary: z
    .partialRecord(z.enum(['relationships', 'analysis', 'changes', 'playbook_runs', 'checks']), z.number())
    .nullable(),
});
/** A `config_detail` row. */
export type ConfigDetailRow = z.infer<typeof configDetailRowSchema>;

/** A row of `config_changes` (000 §3 Config change) with its stored documents: the unified diff, the JSON patch, details. */
export const configChangeRowSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  change_type: text,
  severity: text,
  source: text,
  summary: text,
  count: z.number(),
  diff: text,
  patches: z.unknown(),
  details: z.unknown(),
  external_created_by: text,
  created_by: text,
  first_observed: text,
  created_at: z.string(),
  inserted_at: z.string(),
});
/** A `config_changes` row. */
export type ConfigChangeRow = z.infer<typeof configChangeRowSchema>;

/** A row of `config_analysis_items`: an insight (000 §3 Config analysis) with its item's name, type and class. */
export const configAnalysisItemRowSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  analyzer: z.string(),
  analysis_type: text,
  severity: text,
  status: text,
  message: text,
  summary: text,
  source: text,
  analysis: z.unknown(),
  first_observed: text,
  last_observed: text,
  config_name: text,
  config_type: text,
  config_class: text,
});
/** A `config_analysis_items` row. */
export type ConfigAnalysisItemRow = z.infer<typeof configAnalysisItemRowSchema>;

/** One row of `rpc/related_configs_recursive`: an item reached from the root, and the ids it points to. */
export const relatedConfigRowSchema = z.object({
  id: z.string(),
  name: text,
  type: text,
  config_class: text,
  icon: text,
  health: text,
  status: text,
  depth: z.number().nullable(),
  direction: text,
  related_ids: z.array(z.string()).nullable(),
  deleted_at: text,
});
/** A `related_configs_recursive` row. */
export type RelatedConfigRow = z.infer<typeof relatedConfigRowSchema>;

/** A row of `config_scrapers` (ScrapeConfig, 001 §2). */
export const configScraperRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: text,
  description: text,
  source: text,
  spec: z.record(z.string(), z.unknown()).nullable(),
  agent_id: text,
  created_at: text,
  updated_at: text,
  deleted_at: text,
});
/** A `config_scrapers` row. */
export type ConfigScraperRow = z.infer<typeof configScraperRowSchema>;

/** A check linked to an item, as `rpc/check_summary_for_config` lists it. */
export const configCheckSchema = z.object({
  id: z.string(),
  name: text,
  type: text,
  status: text,
  icon: text,
  last_runtime: text,
});
/** A check linked to an item. */
export type ConfigCheck = z.infer<typeof configCheckSchema>;

/** `rpc/check_summary_for_config` answer: the item's checks counted by status, and the checks. */
export const checkSummaryForConfigSchema = z.object({
  healthy: z.number(),
  unhealthy: z.number(),
  unknown: z.number(),
  checks: z.array(configCheckSchema),
});
/** The health of an item's checks. */
export type CheckSummaryForConfig = z.infer<typeof checkSummaryForConfigSchema>;
