import { z } from 'zod';

const text = z.string().nullable();

/** A row of `people` (001 §3 Person). */
export const personRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: text,
  avatar: text,
  type: text,
  team_id: text,
  last_login: text,
  created_at: z.string(),
  updated_at: text,
  deleted_at: text,
});
/** A `people` row. */
export type PersonRow = z.infer<typeof personRowSchema>;

/** A row of `people_roles`: a person (teams excluded) with the names of their roles. */
export const peopleRolesRowSchema = personRowSchema.omit({ team_id: true }).extend({ roles: z.array(z.string()) });
/** A `people_roles` row. */
export type PeopleRolesRow = z.infer<typeof peopleRolesRowSchema>;

/** A row of `teams` (001 §3 Team: the icon defaults to "group"), with its members' ids when embedded (`team_members(person_id)`). */
export const teamRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: text,
  spec: z.unknown(),
  source: text,
  created_by: text,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: text,
  team_members: z.array(z.object({ person_id: z.string() })),
});
/** A `teams` row. */
export type TeamRow = z.infer<typeof teamRowSchema>;

/** A row of `team_members`, with the person embedded (`person:people(…)`). */
export const teamMemberRowSchema = z.object({
  team_id: z.string(),
  person_id: z.string(),
  source: text,
  created_at: text,
  person: personRowSchema.pick({ id: true, name: true, email: true, avatar: true, deleted_at: true }).nullable(),
});
/** A `team_members` row. */
export type TeamMemberRow = z.infer<typeof teamMemberRowSchema>;
