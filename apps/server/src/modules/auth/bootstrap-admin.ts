import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { assignRoles } from '../rbac/index.js';
import {
  adminExists,
  findPersonByEmail,
  insertIdentity,
  insertPerson,
  lockFirstAdmin,
  upsertCredential,
} from './identity.repo.js';
import { hashPassword } from './password.js';

/** Email of the first admin when MC_ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/** The file in the data folder that holds a generated first-admin password (mode 0600). */
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';

/** Where a generated first-admin password goes besides its file: the terminal of whoever started the server. */
export type TerminalWriter = (text: string) => void;

const toStderr: TerminalWriter = (text) => {
  process.stderr.write(text);
};

/**
 * Hands a generated password to the person starting the server only: plain text on stderr outside the
 * JSON log, and a file in the data folder readable by the server's user alone. Never through the logger,
 * whose lines the built-in log backend stores and serves (issue 25). Answers the file, or undefined when
 * it could not be written (the terminal still has the password).
 */
function handOver(config: Config, email: string, password: string, terminal: TerminalWriter): string | undefined {
  const file = join(resolve(config.MC_DATA_DIR), INITIAL_ADMIN_PASSWORD_FILE);
  let written: string | undefined = file;
  try {
    mkdirSync(resolve(config.MC_DATA_DIR), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${email}\n${password}\n`, { mode: 0o600 });
    chmodSync(file, 0o600); // a file left from an earlier start keeps its mode otherwise
  } catch {
    written = undefined;
  }
  terminal(
    [
      '',
      '  Mission Control created the first administrator:',
      `    email:    ${email}`,
      `    password: ${password}`,
      written
        ? `  (also in ${file}, readable only by this user; sign in, change the password, then delete the file)`
        : '  (shown only here: sign in and change the password now)',
      '',
      '',
    ].join('\n'),
  );
  return written;
}

/**
 * First start: when no identity holds the admin role, creates one from MC_ADMIN_EMAIL and
 * MC_ADMIN_PASSWORD, or with a random password handed over by {@link handOver} (terminal and a 0600 file
 * in MC_DATA_DIR); the log says only where it is. Safe to run on every start and from several replicas
 * (a second run finds the admin and does nothing; a replica that lost the race hands over no password).
 */
export async function ensureFirstAdmin(
  database: Database,
  config: Config,
  logger: Logger,
  terminal: TerminalWriter = toStderr,
): Promise<void> {
  if (await adminExists(database.db)) return;
  const email = (config.MC_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = config.MC_ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  const password = config.MC_ADMIN_PASSWORD ?? (generated as string); // one of the two is set
  const hashed = await hashPassword(password);
  const outcome = await database.db.transaction().execute(async (trx) => {
    await lockFirstAdmin(trx);
    if (await adminExists(trx)) return 'raced' as const; // another replica made it while this one hashed
    const existing = await findPersonByEmail(trx, email);
    const traits = { email, name: { first: 'Admin', last: '' } };
    const id = existing?.id ?? (await insertPerson(trx, traits));
    if (!existing?.has_identity) {
      await insertIdentity(trx, id, traits, true);
      await upsertCredential(trx, id, 'password', { hashed_password: hashed }, [email]);
    }
    await assignRoles(trx, id, ['admin']);
    return !existing?.has_identity;
  });
  if (outcome === 'raced') return;
  const created = outcome;
  if (generated && created) {
    const file = handOver(config, email, generated, terminal);
    logger.warn('created the first admin with a generated password, printed to the terminal of this process', {
      email,
      ...(file ? { passwordFile: file } : {}),
    });
  } else {
    const what = created ? 'created the first admin from MC_ADMIN_EMAIL' : 'gave the existing account the admin role';
    logger.info(what, { email });
  }
}
