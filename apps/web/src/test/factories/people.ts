import type { InviteUserResult, RecoveryLink } from '@mc/contracts';

/**
 * Identity answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the identity
 * contracts the server answers with.
 */

/** `POST /api/auth/invite_user`: an editor invited and mailed (no link answered). */
export function buildInviteUserResult(overrides: Partial<InviteUserResult> = {}): InviteUserResult {
  return { id: 'p9', email: 'cy@example.com', role: 'editor', mailed: true, ...overrides };
}

/** `POST /api/auth/recovery_link`: a single-use link and when it ends. */
export function buildRecoveryLink(overrides: Partial<RecoveryLink> = {}): RecoveryLink {
  return {
    link: 'http://localhost:8080/api/.ory/self-service/recovery?flow=f1&token=T0k3n',
    expiresAt: '2026-12-05T21:00:00Z',
    ...overrides,
  };
}
