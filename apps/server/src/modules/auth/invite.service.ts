import { AUTH_ROUTES, type InviteUserInput, type InviteUserResult } from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, auditedTransaction } from '../../platform/audit.js';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { findPersonByEmail, insertNamedPerson } from './identity.repo.js';
import { replacePendingInvite } from './invites.repo.js';

/** The query parameter of the registration page that carries an invitation token. */
export const INVITE_PARAM = 'invite';

/**
 * Invites a person (spec 000 §7 `POST /auth/invite_user`): creates their people row and an
 * invitation with the role, and mails a registration link carrying a random single-use token
 * (only its SHA-256 is stored) that expires after MC_INVITE_LIFESPAN_HOURS. Only registration
 * through that link — or a later proof of the address by an emailed code — takes the invited role;
 * registering the address without it gets MC_DEFAULT_ROLE. An address that already has an account
 * is a 409. The audit row names the address and role, never the token. When the mail was not sent (no
 * SMTP, or sending failed) the link is answered to the inviting administrator instead — only to them,
 * only in this answer — so they hand it over; it never goes to the log (issue 25).
 */
export async function inviteUser(
  deps: { database: Database; mailer: Mailer; config: Config },
  input: InviteUserInput,
  invitedBy: string,
  baseUrl: string,
  audit: AuditContext,
): Promise<InviteUserResult> {
  const email = input.email.toLowerCase();
  const name = `${input.firstName} ${input.lastName}`;
  const token = randomToken('', 32);
  const expiresAt = new Date(Date.now() + deps.config.MC_INVITE_LIFESPAN_HOURS * 3_600_000);
  const id = await auditedTransaction(deps.database, audit, async ({ db: trx }) => {
    const existing = await findPersonByEmail(trx, email);
    if (existing?.has_identity) throw new AppError('conflict', 'A user with this email address already exists');
    const personId = existing?.id ?? (await insertNamedPerson(trx, name, email));
    await replacePendingInvite(trx, {
      personId,
      email,
      role: input.role,
      createdBy: invitedBy,
      tokenHash: sha256(token),
      expiresAt,
    });
    return {
      value: personId,
      audit: {
        action: 'auth.invite_user',
        target: 'people',
        ids: [personId],
        after: { email, name, role: input.role, expires_at: expiresAt.toISOString() },
      },
    };
  });
  const link = `${baseUrl}${AUTH_ROUTES.registration}?${INVITE_PARAM}=${encodeURIComponent(token)}`;
  const mailed = await deps.mailer.send({
    to: email,
    subject: 'You have been invited to Mission Control',
    text: `Hi ${input.firstName},\n\nyou have been invited to Mission Control as ${input.role}. Create your account here (the link works once, until ${expiresAt.toUTCString()}):\n\n${link}\n`,
  });
  return { id, email, role: input.role, mailed, ...(mailed ? {} : { link }) };
}
