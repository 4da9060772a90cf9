import { z } from 'zod';

const text = z.string().nullable();

/** A row of `job_history` (001 §3 Job history): one run of a job. */
export const jobHistoryRowSchema = z.object({
  id: z.string(),
  agent_id: text,
  name: z.string(),
  success_count: z.number().nullable(),
  error_count: z.number().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  hostname: text,
  duration_millis: z.number().nullable(),
  resource_type: text,
  resource_id: text,
  status: z.string(),
  time_start: z.string(),
  time_end: text,
  created_at: z.string(),
});
/** A `job_history` row. */
export type JobHistoryRow = z.infer<typeof jobHistoryRowSchema>;

/** A row of `job_histories`: a `job_history` row with its resource's name and its agent. */
export const jobHistoriesRowSchema = jobHistoryRowSchema.extend({
  resource_name: text,
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
});
/** A `job_histories` row. */
export type JobHistoriesRow = z.infer<typeof jobHistoriesRowSchema>;
