import { z } from 'zod';

// The auth request bodies live apart from auth.ts's constants: the console's first screen reads those
// constants, and a module holding zod schemas would bring zod into the first screen with it.

/** `POST /api/auth/invite_user` body (spec 000 §7). */
export const inviteUserSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.email('Enter a valid email address').max(320),
  role: z.enum(['admin', 'editor', 'viewer', 'guest', 'commander', 'responder'], { message: 'Choose a role' }),
});
/** An invitation request. */
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

/**
 * `POST /api/auth/invite_user` answer. `link` (the single-use registration link) is answered only when it
 * could not be mailed (no SMTP, or sending failed), only to the administrator who invited, only this once:
 * they hand it over themselves (issue 25).
 */
export const inviteUserResultSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  mailed: z.boolean(),
  link: z.string().optional(),
});
/** An invitation's answer. */
export type InviteUserResult = z.infer<typeof inviteUserResultSchema>;

/** `POST /api/auth/recovery_link` body: the person whose account the link recovers. */
export const createRecoveryLinkSchema = z.strictObject({ personId: z.guid({ message: 'personId must be a UUID' }) });
/** A recovery-link request. */
export type CreateRecoveryLinkInput = z.infer<typeof createRecoveryLinkSchema>;

/** `POST /api/auth/recovery_link` answer: the single-use link (Kratos's admin "create recovery link") and its end. */
export const recoveryLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
/** A recovery link. */
export type RecoveryLink = z.infer<typeof recoveryLinkSchema>;

/** `POST /api/auth/tokens` body. */
export const createTokenSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  expiresInDays: z.number().int().min(1).max(3650).nullish(),
});
/** An API-token creation request. */
export type CreateTokenInput = z.infer<typeof createTokenSchema>;
