import { AUTH_ROUTES, type InviteUserInput } from '@mc/contracts';
import type { Database } from '@mc/db';
import { sql } from 'kysely';
import { type AuditContext, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { findPersonByEmail } from './identity.repo.js';
import type { Mailer } from './mail/mailer.js';

/**
 * Invites a person (spec 000 §7 `POST /auth/invite_user`): creates their people row and an invite
 * with the role, and mails a registration link. Registering with that email later takes the
 * invited role. An address that already has an account is a 409. The invitation is audited.
 */
export async function inviteUser(
  deps: { database: Database; mailer: Mailer },
  input: InviteUserInput,
  invitedBy: string,
  baseUrl: string,
  audit: AuditContext,
): Promise<{ id: string; email: string; role: string }> {
  const email = input.email.toLowerCase();
  const name = `${input.firstName} ${input.lastName}`;
  const id = await auditedTransaction(deps.database, audit, async ({ db: trx }) => {
    const existing = await findPersonByEmail(trx, email);
    if (existing?.has_identity) throw new AppError('conflict', 'A user with this email address already exists');
    const personId =
      existing?.id ??
      ((
        await sql<{ id: string }>`INSERT INTO people (name, email) VALUES (${name}, ${email}) RETURNING id`.execute(trx)
      ).rows[0]?.id as string); // INSERT … RETURNING yields one row
    await sql`INSERT INTO invites (person_id, role, created_by) VALUES (${personId}, ${input.role}, ${invitedBy})`.execute(
      trx,
    );
    return {
      value: personId,
      audit: {
        action: 'auth.invite_user',
        target: 'people',
        ids: [personId],
        after: { email, name, role: input.role },
      },
    };
  });
  await deps.mailer.send({
    to: email,
    subject: 'You have been invited to Mission Control',
    text: `Hi ${input.firstName},\n\nyou have been invited to Mission Control as ${input.role}. Create your account here:\n\n${baseUrl}${AUTH_ROUTES.registration}?email=${encodeURIComponent(email)}\n`,
  });
  return { id, email, role: input.role };
}
