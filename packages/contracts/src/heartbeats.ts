/**
 * Heartbeat (push) checks (issue 33 item 5): the token API's answers and the push endpoint's limits.
 * The check itself is canary-checker's `webhook` type (health.ts `webhookCheckSchema`).
 */
import { z } from 'zod';

/** Calls one token may make per minute before the push endpoint answers 429. */
export const HEARTBEAT_CALLS_PER_MINUTE = 60;
/** Largest call body the push endpoint reads (bytes). */
export const HEARTBEAT_MAX_BODY_BYTES = 65_536;
/** Longest message a call may report. */
export const HEARTBEAT_MAX_MESSAGE = 500;
/** How many leading characters of a token the console lists it by (the rest is never kept). */
export const HEARTBEAT_TOKEN_PREFIX_LENGTH = 8;
/** Where a heartbeat calls: `POST {origin}/webhook/{token}` (or `/webhook` with a `Webhook-Token` header). */
export const HEARTBEAT_PATH = '/webhook';
/** The push endpoint's answer to an unknown, replaced or revoked token (and to a check no longer there). */
export const HEARTBEAT_NOT_FOUND = 'Not found';

/** `POST /api/heartbeats/{checkId}/token` answer: the token, shown once (only its hash is kept). */
export const heartbeatTokenSchema = z.object({
  check_id: z.string(),
  token: z.string(),
  /** The token's first {@link HEARTBEAT_TOKEN_PREFIX_LENGTH} characters, as the state lists it. */
  prefix: z.string(),
  /** The path to call, relative to the server's origin. */
  path: z.string(),
  issued_at: z.string(),
});
/** A freshly issued heartbeat token. */
export type HeartbeatToken = z.infer<typeof heartbeatTokenSchema>;

/** `GET /api/heartbeats/{checkId}` answer: whether a token is live, and when the last call came. */
export const heartbeatStateSchema = z.object({
  check_id: z.string(),
  active: z.boolean(),
  /** The live token's first characters (null without one). */
  prefix: z.string().nullable(),
  issued_at: z.string().nullable(),
  last_call_at: z.string().nullable(),
});
/** A heartbeat check's token state. */
export type HeartbeatState = z.infer<typeof heartbeatStateSchema>;

/** The push endpoint's success answer (upstream's `{"message": "ok"}`), with the verdict recorded. */
export const heartbeatCallAnswerSchema = z.object({
  message: z.literal('ok'),
  status: z.enum(['healthy', 'unhealthy']),
});

/** What the console's heartbeat token panel says (the check modal of a webhook check). */
export const HEARTBEAT_MESSAGES = {
  issued: 'Heartbeat token issued',
  revoked: 'Heartbeat token revoked',
  shownOnce: 'Copy this URL now: it is shown once, and only its hash is kept.',
  revokeTitle: 'Revoke the heartbeat token?',
  revokeDescription: 'Calls with this token answer 404 from now on, and the check fails once its grace runs out.',
  replaceTitle: 'Issue a new heartbeat token?',
  replaceDescription: 'The current token stops working at once: update every job that calls it.',
  none: 'No live token: issue one to give this check a URL to call.',
} as const;
