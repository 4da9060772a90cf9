import { z } from 'zod';

const named = z.object({ id: z.string(), name: z.string() });
const typed = named.extend({ type: z.string().nullable() });

/** A permission row with the names of what it links (001 §3: the list carries nested subject and resource). */
export const permissionSummarySchema = z.object({
  id: z.string(),
  action: z.string(),
  deny: z.boolean(),
  description: z.string().nullable(),
  object: z.string().nullable(),
  source: z.string(),
  until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  notification_id: z.string().nullable(),
  config_id: z.string().nullable(),
  component_id: z.string().nullable(),
  canary_id: z.string().nullable(),
  playbook_id: z.string().nullable(),
  connection_id: z.string().nullable(),
  check_id: z.string().nullable(),
  person: named.extend({ email: z.string().nullable(), avatar: z.string().nullable() }).nullable(),
  team: named.extend({ icon: z.string().nullable() }).nullable(),
  notification: named.nullable(),
  catalog: typed.extend({ name: z.string().nullable() }).nullable(),
  component: typed.nullable(),
  canary: named.nullable(),
  playbook: named.extend({ title: z.string().nullable() }).nullable(),
  connection: typed.nullable(),
  check: named.nullable(),
  createdBy: named.extend({ avatar: z.string().nullable() }).nullable(),
});

/** `GET /api/permissions` answer: one page, newest first, and the total. */
export const permissionPageSchema = z.object({ data: z.array(permissionSummarySchema), totalEntries: z.number() });
