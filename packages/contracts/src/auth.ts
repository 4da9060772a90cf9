import { z } from 'zod';

/** Base path of the built-in identity provider's public (Kratos-compatible) API. */
export const ORY_BASE_PATH = '/api/.ory';

/** Console routes of the auth pages (spec 000 §2). */
export const AUTH_ROUTES = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
  error: '/error',
  badSession: '/bad-session',
  authStateChecker: '/auth-state-checker',
} as const;

/** Headings and texts of the auth pages (spec 000 §2, §8). */
export const AUTH_TEXTS = {
  loginHeading: 'Sign In to your account',
  refreshHeading: 'Confirm Action',
  secondFactorHeading: 'Two-Factor Authentication',
  resetPassword: 'Reset password',
  registrationHeading: 'Create account',
  recoveryHeading: 'Recover account',
  verificationHeading: 'Verify your account',
  badSession: 'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
  unknownError: 'Unknown error',
  goBack: 'Go back',
  provisioning: 'Please wait, instance provisioning in-progress ...',
  settingsSections: [
    'Profile Settings',
    'Change Password',
    'Manage Social Sign In',
    'Manage 2FA Backup Recovery Codes',
    'Manage 2FA TOTP Authenticator App',
    'Manage Hardware Tokens and Biometrics',
  ],
} as const;

/** The console's messages for the provider's error ids (spec 000 §8). */
export const FLOW_ERROR_MESSAGES = {
  self_service_flow_return_to_forbidden: 'The return_to address is not allowed.',
  self_service_flow_expired: 'Your interaction expired, please fill out the form again.',
  security_csrf_violation: 'A security violation was detected, please fill out the form again.',
} as const;

/** Settings flow messages clear after this long (spec 000 §9). */
export const SETTINGS_MESSAGE_CLEAR_MS = 10_000;

/** Lifetimes and limits of the identity provider. */
export const AUTH_LIMITS = {
  flowLifespanMs: 60 * 60 * 1000,
  sessionLifespanMs: 24 * 60 * 60 * 1000,
  privilegedSessionMs: 15 * 60 * 1000,
  codeLifespanMs: 60 * 60 * 1000,
  /** How long an administrator's recovery link works (Kratos's admin recovery link default: 1 h). */
  recoveryLinkLifespanMs: 60 * 60 * 1000,
  maxFailedAttempts: 5,
  failureWindowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  minPasswordLength: 8,
  backupCodeCount: 12,
} as const;

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
