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
} as const;

/** `POST /api/rbac/{id}/update_role` body (upstream path): the person's one role. */
export const updateRoleSchema = z.strictObject({ role: z.enum(ROLES) });
/** A role change. */
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

/** `POST /api/rbac/{id}/update_role` answer: the person with their roles now. */
export const roleUpdatedSchema = z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) });
