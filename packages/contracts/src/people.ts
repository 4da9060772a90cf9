import { z } from 'zod';
import { ROLES } from './rbac.js';

/** Texts of the team pages and the team members panel (spec 001 §2, §8). */
export const TEAM_MESSAGES = {
  membersEmpty: "You haven't added any team members to the team yet.",
  added: (names: string) => `${names} added to the team successfully`,
  removed: (name: string) => `${name} removed from team successfully`,
  deleted: (name: string) => `${name} deleted successfully`,
  updated: (name: string) => `${name} updated successfully`,
  created: (name: string) => `${name} created successfully`,
} as const;

/** Texts of the users page (spec 000 §2, 001 §8); the spec names no invite toast, so it says what happened. */
export const USER_MESSAGES = {
  invited: (email: string) => `Invitation sent to ${email}`,
  /** The invitation could not be mailed: the dialog shows its link to copy. */
  inviteNotMailed: (email: string) =>
    `No mail was sent to ${email} (SMTP is not configured). Copy the invitation link and send it to them yourself; it is shown only once.`,
  recoveryLinkCreated: (name: string) =>
    `Recovery link for ${name}. It works once, for one hour; copy it and send it to them yourself.`,
  linkCopied: 'Link copied',
  roleChanged: (name: string) => `${name} updated successfully`,
  deleted: (name: string) => `${name} deleted successfully`,
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDemoteSelf: 'You cannot change your own role',
  lastAdmin: 'At least one admin must remain',
  notFound: 'User not found',
  emailNotChangedHere: 'The email cannot be changed here: the person changes it in their account settings',
  nameAndParts: 'Give either name or firstName/lastName, not both',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  noAccount: 'This person has no account yet (an invitation not accepted): only name and avatar can change',
} as const;

/** `POST /api/rbac/{id}/update_role` body (upstream path): the person's one role. */
export const updateRoleSchema = z.strictObject({ role: z.enum(ROLES) });
/** A role change. */
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

/** `POST /api/rbac/{id}/update_role` answer: the person with their roles now. */
export const roleUpdatedSchema = z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) });

/** An avatar: an http(s) image address, or null to remove it. */
const avatarUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/\S+$/i, 'avatar must be an http(s) URL')
  .nullable();
const personName = z.string().trim().max(200);

/**
 * `POST /api/people/update` body (upstream mission-control `UpdatePersonRequest`, what its user form
 * sends: id, firstName, lastName, email, role, active) plus `name` and `avatar`. Only what is given
 * changes; `email` is taken only when it is the person's current one.
 */
export const updatePersonSchema = z.strictObject({
  id: z.guid({ message: 'id must be a person id' }),
  firstName: personName.optional(),
  lastName: personName.optional(),
  name: personName.min(1, 'name must not be empty').optional(),
  email: z.string().max(320).optional(),
  avatar: avatarUrl.optional(),
  role: z.enum(ROLES, { message: `role must be one of ${ROLES.join(', ')}` }).optional(),
  active: z.boolean().optional(),
});
/** A person update as sent. */
export type UpdatePersonInput = z.infer<typeof updatePersonSchema>;

/** `POST /api/people/update` answer: the identity's traits as upstream answers them, with what else changed. */
export const personUpdatedSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  avatar: z.string().nullable(),
  roles: z.array(z.string()),
  active: z.boolean(),
});
/** The updated person. */
export type PersonUpdated = z.infer<typeof personUpdatedSchema>;
