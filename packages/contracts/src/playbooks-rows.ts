import { z } from 'zod';
import { PLAYBOOK_RUN_STATUSES } from './playbooks.js';

const text = z.string().nullable();

/** A row of `playbooks` (001 §3 Playbook). */
export const playbookRowSchema = z.object({
  id: z.string(),
  namespace: text,
  name: z.string(),
  title: z.string(),
  icon: text,
  description: text,
  category: z.string(),
  spec: z.record(z.string(), z.unknown()),
  source: text,
  created_by: text,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: text,
});
/** A `playbooks` row. */
export type PlaybookRow = z.infer<typeof playbookRowSchema>;

/** A row of `playbook_runs` (001 §3 Playbook run), without its spec and request. */
export const playbookRunRowSchema = z.object({
  id: z.string(),
  playbook_id: z.string(),
  parent_id: text,
  agent_id: text,
  status: z.enum(PLAYBOOK_RUN_STATUSES),
  parameters: z.record(z.string(), z.unknown()).nullable(),
  error: text,
  created_at: z.string(),
  updated_at: text,
  start_time: text,
  scheduled_time: text,
  end_time: text,
  created_by: text,
  check_id: text,
  config_id: text,
  component_id: text,
});
/** A `playbook_runs` row. */
export type PlaybookRunRow = z.infer<typeof playbookRunRowSchema>;

/** A row of `playbook_run_actions`: one action of a run. */
export const playbookRunActionRowSchema = z.object({
  id: z.string(),
  playbook_run_id: z.string(),
  agent_id: text,
  name: z.string(),
  status: z.string(),
  retry_count: z.number().nullable(),
  start_time: text,
  scheduled_time: text,
  end_time: text,
  result: z.record(z.string(), z.unknown()).nullable(),
  error: text,
});
/** A `playbook_run_actions` row. */
export type PlaybookRunActionRow = z.infer<typeof playbookRunActionRowSchema>;
