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

/** Who-am-I status codes that send the console to second-factor sign-in (spec 000 §8). */
export const AAL2_REQUIRED_STATUSES: readonly number[] = [403, 422];

/*
 * Answers of the Kratos-compatible identity provider, described by the fields the console reads; the
 * provider's objects carry more of Kratos's fields (expiry times, request URLs…), so these are loose.
 */

const uiText = z.looseObject({
  id: z.number(),
  text: z.string(),
  type: z.enum(['info', 'error', 'success']),
  context: z.record(z.string(), z.unknown()).optional(),
});

const uiNode = z.looseObject({
  type: z.enum(['input', 'text', 'img', 'a', 'script']),
  group: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  messages: z.array(uiText),
  meta: z.looseObject({ label: uiText.optional() }),
});

/** A self-service flow (login, registration, recovery, verification, settings) as the provider answers it. */
export const selfServiceFlowSchema = z.looseObject({
  id: z.string(),
  type: z.enum(['browser', 'api']),
  state: z.string().optional(),
  return_to: z.string().optional(),
  refresh: z.boolean().optional(),
  requested_aal: z.enum(['aal1', 'aal2']).optional(),
  ui: z.looseObject({
    action: z.string(),
    method: z.string(),
    nodes: z.array(uiNode),
    messages: z.array(uiText).optional(),
  }),
});

/** The identity of a session (Kratos identity: traits hold email and name). */
const identitySchema = z.looseObject({
  id: z.string(),
  schema_id: z.string(),
  state: z.string(),
  traits: z.record(z.string(), z.unknown()),
});

/** A session (`GET /api/.ory/sessions/whoami`): its id, assurance level and identity. */
export const identitySessionSchema = z.looseObject({
  id: z.string(),
  active: z.boolean(),
  expires_at: z.string(),
  authenticated_at: z.string(),
  authenticator_assurance_level: z.string(),
  identity: identitySchema,
});

const continueWith = z.array(z.looseObject({ action: z.string(), redirect_browser_to: z.string().optional() }));

/**
 * `POST /api/.ory/self-service/{kind}` success: the flow again (a step done, a message to show), or what
 * comes next (`continue_with`) with the session when one was issued (and its token for API clients).
 */
export const flowSubmissionSchema = z.union([
  selfServiceFlowSchema,
  z.looseObject({
    continue_with: continueWith,
    session: identitySessionSchema.optional(),
    identity: identitySchema.optional(),
    session_token: z.string().optional(),
  }),
]);

/** `GET /api/.ory/self-service/errors` answer: a stored flow error. */
export const flowErrorSchema = z.object({
  id: z.string(),
  error: z.looseObject({
    id: z.string().optional(),
    code: z.number().optional(),
    message: z.string().optional(),
    reason: z.string().optional(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});

/** `GET /api/.ory/self-service/logout/browser` answer. */
export const logoutUrlSchema = z.object({ logout_token: z.string(), logout_url: z.string() });
