import { AUTH_ROUTES } from '@mc/contracts';
import { sha256 } from '../../../platform/tokens.js';
import { assignRoles } from '../../rbac/index.js';
import {
  type Db,
  findPersonByEmail,
  insertIdentity,
  insertPerson,
  renamePerson,
  type Traits,
  upsertCredential,
} from '../identity.repo.js';
import { INVITE_PARAM } from '../invite.service.js';
import { acceptInviteByToken, findLiveInvite } from '../invites.repo.js';
import { KRATOS_ERRORS } from '../kratos/kratos-error.js';
import { addFieldMessage, clearMessages, input, setValue } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import { oidcStartNodes } from '../oidc/oidc-nodes.js';
import { oidcProviders } from '../oidc/oidc-providers.js';
import { startOidc } from '../oidc/oidc-start.js';
import { hashPassword, passwordPolicyViolation } from '../password.js';
import { issueSession, methodNow } from '../session.service.js';
import type { FlowRow } from './flow.repo.js';
import type { FlowContext, FlowHandler, FlowOutcome, Submission } from './flow-context.js';
import { selfRegistrationEnabled } from './self-registration.js';
import { startVerification } from './verification.flow.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function registrationNodes(email = '') {
  return [
    input('password', 'traits.email', 'email', {
      required: true,
      autocomplete: 'email',
      label: TEXT.generated('E-Mail'),
      ...(email ? { value: email } : {}),
    }),
    input('password', 'traits.name.first', 'text', { label: TEXT.generated('First Name'), required: true }),
    input('password', 'traits.name.last', 'text', { label: TEXT.generated('Last Name'), required: true }),
    input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: TEXT.password() }),
    input('password', 'method', 'submit', { value: 'password', label: TEXT.signUp() }),
  ];
}

/** A unique violation: someone registered the same address (or used the same link) a moment earlier. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The submitted traits, checked; false (with field messages on the flow) when something is missing or wrong. */
function readTraits(flow: FlowRow, body: Submission): { traits: Traits; password: string } | undefined {
  const traits: Traits = {
    email: (body['traits.email'] ?? '').trim().toLowerCase(),
    name: { first: (body['traits.name.first'] ?? '').trim(), last: (body['traits.name.last'] ?? '').trim() },
  };
  setValue(flow.ui, 'traits.email', traits.email);
  setValue(flow.ui, 'traits.name.first', traits.name.first);
  setValue(flow.ui, 'traits.name.last', traits.name.last);
  let valid = true;
  if (!traits.email) {
    addFieldMessage(flow.ui, 'traits.email', TEXT.required('email'));
    valid = false;
  } else if (!EMAIL.test(traits.email) || traits.email.length > 320) {
    addFieldMessage(flow.ui, 'traits.email', TEXT.validation(`"${traits.email}" is not valid "email"`));
    valid = false;
  }
  if (!traits.name.first) {
    addFieldMessage(flow.ui, 'traits.name.first', TEXT.required('first'));
    valid = false;
  }
  if (!traits.name.last) {
    addFieldMessage(flow.ui, 'traits.name.last', TEXT.required('last'));
    valid = false;
  }
  const password = body.password ?? '';
  const violation = password ? passwordPolicyViolation(password, traits.email) : undefined;
  if (!password) addFieldMessage(flow.ui, 'password', TEXT.required('password'));
  else if (violation) addFieldMessage(flow.ui, 'password', TEXT.passwordPolicy(violation));
  return valid && password && !violation ? { traits, password } : undefined;
}

/** Raised inside the registration transaction when the invitation was used by someone else first. */
class InviteTaken extends Error {}

/**
 * Registration through an invitation link: the token is used in the same transaction that creates
 * the identity (one UPDATE … RETURNING, so one of two racing registrations wins), the address counts
 * as verified (the link reached it) and the person gets the invited role and a session.
 */
async function registerInvited(
  ctx: FlowContext,
  flow: FlowRow,
  traits: Traits,
  hashed: string,
  inviteHash: string,
): Promise<FlowOutcome> {
  const invite = await findLiveInvite(ctx.db, inviteHash);
  if (!invite) {
    flow.ui.messages = [TEXT.inviteUsed()];
    return { kind: 'invalid' };
  }
  if (invite.email !== traits.email) {
    addFieldMessage(flow.ui, 'traits.email', TEXT.inviteForOtherAddress(invite.email));
    return { kind: 'invalid' };
  }
  let personId: string;
  try {
    personId = await ctx.db.transaction().execute(async (trx) => {
      const accepted = await acceptInviteByToken(trx, inviteHash);
      if (!accepted) throw new InviteTaken();
      const id = accepted.person_id;
      await renamePerson(trx, id, traits);
      await insertIdentity(trx, id, traits, true);
      await upsertCredential(trx, id, 'password', { hashed_password: hashed }, [traits.email]);
      await assignRoles(trx, id, [accepted.role]);
      return id;
    });
  } catch (error) {
    if (!(error instanceof InviteTaken) && !isUniqueViolation(error)) throw error;
    flow.ui.messages = [TEXT.inviteUsed()];
    return { kind: 'invalid' };
  }
  const issued = await issueSession(ctx.db, personId, {
    aal: 'aal1',
    methods: [methodNow('password', 'aal1')],
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
  return { kind: 'session', issued, identityId: personId };
}

/** Creates a self-registered identity with MC_DEFAULT_ROLE; undefined when the address already has one. */
async function createSelfRegistered(db: Db, traits: Traits, hashed: string, role: string): Promise<string | undefined> {
  const existing = await findPersonByEmail(db, traits.email);
  if (existing?.has_identity) return undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const id = existing?.id ?? (await insertPerson(trx, traits));
      if (existing) await renamePerson(trx, id, traits);
      await insertIdentity(trx, id, traits);
      await upsertCredential(trx, id, 'password', { hashed_password: hashed }, [traits.email]);
      await assignRoles(trx, id, [role]);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/**
 * The registration flow (password method). Through an invitation link (`?invite=` when the flow
 * starts) the address is pre-filled and the invited role granted. Without one — allowed only while
 * self-registration is on — the person gets MC_DEFAULT_ROLE and no session: the answer is the same
 * "verify your address" continuation whether or not the address already has an account (which gets
 * a "someone tried to register" mail instead of a code), so registration does not reveal accounts.
 * The password is hashed on both paths, so their timing matches too.
 */
export const registrationFlow: FlowHandler = {
  kind: 'registration',
  uiPath: AUTH_ROUTES.registration,
  needsSession: false,
  expiredText: (minutes) => TEXT.registrationExpired(minutes),

  async init(ctx, params) {
    if (ctx.current) throw KRATOS_ERRORS.sessionAlreadyAvailable();
    const open = selfRegistrationEnabled(ctx.config);
    const token = params.get(INVITE_PARAM);
    const invite = token ? await findLiveInvite(ctx.db, sha256(token)) : undefined;
    if (!invite && !open) {
      throw KRATOS_ERRORS.registrationDisabled(
        token
          ? 'This invitation link is invalid, used or expired. Ask an administrator for a new invitation.'
          : 'Ask an administrator for an invitation.',
      );
    }
    const social = ctx.type === 'browser' ? oidcStartNodes(oidcProviders(ctx.config), 'registration') : [];
    return {
      state: 'choose_method',
      nodes: [...registrationNodes(invite?.email), ...social],
      ...(token && !invite ? { messages: [TEXT.inviteInvalid()] } : {}),
      ...(invite && token ? { internal: { invite_hash: sha256(token) } } : {}),
    };
  },

  async submit(ctx, flow, body): Promise<FlowOutcome> {
    clearMessages(flow.ui);
    if (ctx.current) throw KRATOS_ERRORS.sessionAlreadyAvailable();
    const inviteHash = typeof flow.internal.invite_hash === 'string' ? flow.internal.invite_hash : undefined;
    if (!inviteHash && !selfRegistrationEnabled(ctx.config))
      throw KRATOS_ERRORS.registrationDisabled('Ask an administrator for an invitation.');
    if (body.method === 'oidc' || (!body.method && body.provider)) return startOidc(ctx, flow, body.provider);
    if ((body.method ?? 'password') !== 'password') {
      flow.ui.messages = [TEXT.noLoginStrategy()];
      return { kind: 'invalid' };
    }
    const read = readTraits(flow, body);
    if (!read) return { kind: 'invalid' };
    const hashed = await hashPassword(read.password);
    if (inviteHash) return registerInvited(ctx, flow, read.traits, hashed, inviteHash);
    const identityId = await createSelfRegistered(ctx.db, read.traits, hashed, ctx.config.MC_DEFAULT_ROLE);
    const verification = await startVerification(
      ctx,
      read.traits.email,
      flow.csrf_token,
      identityId ? 'code' : 'existing-account',
    );
    return { kind: 'continue', identityId, continueWith: [verification] };
  },
};
