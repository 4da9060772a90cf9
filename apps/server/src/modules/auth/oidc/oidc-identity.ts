import { sql } from 'kysely';
import { assignRoles } from '../../rbac/rbac.service.js';
import {
  type CredentialRow,
  type Db,
  deleteCredential,
  findCredentialByIdentifier,
  findPersonByEmail,
  insertIdentity,
  insertPerson,
  listCredentials,
  type Traits,
  upsertCredential,
} from '../identity.repo.js';
import type { IdClaims } from './oidc-client.js';

/** One linked provider account, as Kratos keeps it in the `oidc` credential. */
interface LinkedAccount {
  provider: string;
  subject: string;
}

/** The identifier of a provider account (`provider:subject`), unique across identities. */
export const oidcIdentifier = (provider: string, subject: string) => `${provider}:${subject}`;

function accountsOf(credential: CredentialRow | undefined): LinkedAccount[] {
  const providers = (credential?.config as { providers?: LinkedAccount[] } | undefined)?.providers; // the oidc config shape
  return Array.isArray(providers) ? providers : [];
}

/** The providers an identity has linked. */
export function linkedProviders(credentials: CredentialRow[]): string[] {
  return accountsOf(credentials.find((c) => c.type === 'oidc')).map((a) => a.provider);
}

async function saveAccounts(db: Db, identityId: string, accounts: LinkedAccount[]): Promise<void> {
  if (!accounts.length) return deleteCredential(db, identityId, 'oidc');
  await upsertCredential(
    db,
    identityId,
    'oidc',
    { providers: accounts },
    accounts.map((a) => oidcIdentifier(a.provider, a.subject)),
  );
}

/** The identity a provider account is linked to, if any. */
export async function identityOfAccount(db: Db, provider: string, subject: string): Promise<string | undefined> {
  return (await findCredentialByIdentifier(db, 'oidc', oidcIdentifier(provider, subject)))?.identity_id;
}

/**
 * Links a provider account to an identity. 'taken' when the account belongs to someone else
 * (the same provider account can sign in to one identity only).
 */
export async function linkAccount(
  db: Db,
  identityId: string,
  provider: string,
  subject: string,
): Promise<'linked' | 'taken'> {
  const owner = await identityOfAccount(db, provider, subject);
  if (owner && owner !== identityId) return 'taken';
  const accounts = accountsOf((await listCredentials(db, identityId)).find((c) => c.type === 'oidc'));
  const others = accounts.filter((a) => a.provider !== provider);
  await saveAccounts(db, identityId, [...others, { provider, subject }]);
  return 'linked';
}

/**
 * Unlinks a provider. 'last' when it is the identity's only way to sign in (no password and no
 * other provider), as Kratos refuses to leave an account without a first factor.
 */
export async function unlinkAccount(db: Db, identityId: string, provider: string): Promise<'unlinked' | 'last'> {
  const credentials = await listCredentials(db, identityId);
  const accounts = accountsOf(credentials.find((c) => c.type === 'oidc'));
  const left = accounts.filter((a) => a.provider !== provider);
  if (!credentials.some((c) => c.type === 'password') && left.length === 0) return 'last';
  await saveAccounts(db, identityId, left);
  return 'unlinked';
}

/**
 * Creates an identity from a provider's claims (the person row of an invitation is reused and its
 * role applied; anyone else gets the default role). 'exists' when the email already has an identity:
 * linking needs a signed-in owner, never a match on email alone.
 */
export async function registerFromClaims(
  db: Db,
  provider: string,
  claims: IdClaims,
  defaultRole: string,
  invitedRole: (db: Db, personId: string) => Promise<string | undefined>,
): Promise<{ identityId: string } | 'exists' | 'no_email'> {
  const email = claims.email?.trim().toLowerCase();
  if (!email) return 'no_email';
  const existing = await findPersonByEmail(db, email);
  if (existing?.has_identity) return 'exists';
  const [first, ...rest] = (claims.name ?? '').split(' ');
  const traits: Traits = {
    email,
    name: { first: claims.given_name ?? first ?? '', last: claims.family_name ?? rest.join(' ') },
  };
  const identityId = await db.transaction().execute(async (trx) => {
    const id = existing?.id ?? (await insertPerson(trx, traits));
    await insertIdentity(trx, id, traits, claims.email_verified === true);
    await saveAccounts(trx, id, [{ provider, subject: claims.sub }]);
    const role = existing ? await invitedRole(trx, id) : undefined;
    await assignRoles(trx, id, [role ?? defaultRole]);
    if (role)
      await sql`UPDATE invites SET accepted_at = now() WHERE person_id = ${id} AND accepted_at IS NULL`.execute(trx);
    return id;
  });
  return { identityId };
}
