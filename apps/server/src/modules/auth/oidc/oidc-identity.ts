import { assignRoles } from '../../rbac/index.js';
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
import { acceptPendingInviteOf } from '../invites.repo.js';
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

/** Raised inside the sign-up transaction to undo it when nothing allows the account. */
class SignUpClosed extends Error {}

/**
 * Creates an identity from a provider's claims. The person row of an invitation is reused; its
 * role applies only when the provider asserts `email_verified: true` (else the person gets the
 * default role, and the invitation waits until the address is verified by an emailed code).
 * 'exists' when the email already has an identity: linking needs a signed-in owner, never a match
 * on email alone. 'disabled' when self-registration is off and no verified invitation applies.
 */
export async function registerFromClaims(
  db: Db,
  provider: string,
  claims: IdClaims,
  options: { defaultRole: string; selfRegistration: boolean },
): Promise<{ identityId: string } | 'exists' | 'no_email' | 'disabled'> {
  const email = claims.email?.trim().toLowerCase();
  if (!email) return 'no_email';
  const existing = await findPersonByEmail(db, email);
  if (existing?.has_identity) return 'exists';
  const [first, ...rest] = (claims.name ?? '').split(' ');
  const traits: Traits = {
    email,
    name: { first: claims.given_name ?? first ?? '', last: claims.family_name ?? rest.join(' ') },
  };
  const verified = claims.email_verified === true;
  try {
    const identityId = await db.transaction().execute(async (trx) => {
      const role = existing && verified ? await acceptPendingInviteOf(trx, existing.id) : undefined;
      if (!role && !options.selfRegistration) throw new SignUpClosed();
      const id = existing?.id ?? (await insertPerson(trx, traits));
      await insertIdentity(trx, id, traits, verified);
      await saveAccounts(trx, id, [{ provider, subject: claims.sub }]);
      await assignRoles(trx, id, [role ?? options.defaultRole]);
      return id;
    });
    return { identityId };
  } catch (error) {
    if (error instanceof SignUpClosed) return 'disabled';
    throw error;
  }
}
