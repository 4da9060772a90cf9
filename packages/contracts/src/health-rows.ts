import { z } from 'zod';

const text = z.string().nullable();

/** A row of `check_statuses` (000 §3 Check status): one run of a check. */
export const checkStatusRowSchema = z.object({
  check_id: z.string(),
  time: z.string(),
  status: z.boolean().nullable(),
  invalid: z.boolean().nullable(),
  duration: z.number().nullable(),
  message: text,
  error: text,
  details: z.unknown(),
  severity: text,
  created_at: text,
});
/** A `check_statuses` row. */
export type CheckStatusRow = z.infer<typeof checkStatusRowSchema>;

/** A row of `checks` as the data API answers it (the stored check, with its spec). */
export const checkRowSchema = z.object({
  id: z.string(),
  canary_id: z.string(),
  agent_id: text,
  type: z.string(),
  name: z.string(),
  namespace: text,
  description: text,
  endpoint: text,
  icon: text,
  spec: z.unknown(),
  labels: z.record(z.string(), z.string()).nullable(),
  owner: text,
  severity: text,
  status: text,
  last_runtime: text,
  last_transition_time: text,
  next_runtime: text,
  created_at: text,
  updated_at: text,
  deleted_at: text,
});
/** A `checks` row. */
export type CheckRow = z.infer<typeof checkRowSchema>;

/** A component or config item a check is related to, as its Relationships tab lists it. */
export const checkRelatedResourceSchema = z.object({
  id: z.string(),
  name: text,
  type: text,
  icon: text.optional(),
  status: text,
});
/** A resource related to a check. */
export type CheckRelatedResource = z.infer<typeof checkRelatedResourceSchema>;

/** A row of `check_component_relationships`, with the component embedded (`components(…)`). */
export const checkComponentRelationshipRowSchema = z.object({
  component_id: z.string(),
  check_id: z.string(),
  canary_id: text,
  selector_id: text,
  deleted_at: text,
  components: checkRelatedResourceSchema.nullable(),
});
/** A `check_component_relationships` row. */
export type CheckComponentRelationshipRow = z.infer<typeof checkComponentRelationshipRowSchema>;

/** A row of `check_config_relationships`, with the item embedded (`config_items(…)`): an item has a health, not a status. */
export const checkConfigRelationshipRowSchema = z.object({
  config_id: z.string(),
  check_id: z.string(),
  canary_id: text,
  selector_id: text,
  deleted_at: text,
  config_items: checkRelatedResourceSchema.omit({ status: true }).extend({ health: text }).nullable(),
});
/** A `check_config_relationships` row. */
export type CheckConfigRelationshipRow = z.infer<typeof checkConfigRelationshipRowSchema>;
