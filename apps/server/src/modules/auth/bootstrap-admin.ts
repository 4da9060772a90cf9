import { randomBytes } from 'node:crypto';
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { assignRoles } from '../rbac/rbac.service.js';
import { adminExists, findPersonByEmail, insertIdentity, insertPerson, upsertCredential } from './identity.repo.js';
import { hashPassword } from './password.js';

/** Email of the first admin when MC_ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * First start: when no identity holds the admin role, creates one from MC_ADMIN_EMAIL and
 * MC_ADMIN_PASSWORD, or with a random password written once to the log. Safe to run on every
 * start and from several replicas (a second run finds the admin and does nothing).
 */
export async function ensureFirstAdmin(database: Database, config: Config, logger: Logger): Promise<void> {
  if (await adminExists(database.db)) return;
  const email = (config.MC_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = config.MC_ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  const password = config.MC_ADMIN_PASSWORD ?? (generated as string); // one of the two is set
  const hashed = await hashPassword(password);
  await database.db.transaction().execute(async (trx) => {
    const existing = await findPersonByEmail(trx, email);
    const traits = { email, name: { first: 'Admin', last: '' } };
    const id = existing?.id ?? (await insertPerson(trx, traits));
    if (!existing?.has_identity) {
      await insertIdentity(trx, id, traits, true);
      await upsertCredential(trx, id, 'password', { hashed_password: hashed }, [email]);
    }
    await assignRoles(trx, id, ['admin']);
  });
  if (generated) {
    logger.warn('created the first admin with a generated password; sign in and change it now (shown only once)', {
      email,
      password: generated,
    });
  } else {
    logger.info('created the first admin from MC_ADMIN_EMAIL', { email });
  }
}
