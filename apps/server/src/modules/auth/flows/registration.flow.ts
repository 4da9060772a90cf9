import { AUTH_ROUTES } from '@mc/contracts';
import { sql } from 'kysely';
import { assignRoles } from '../../rbac/rbac.service.js';
import {
  type Db,
  findPersonByEmail,
  insertIdentity,
  insertPerson,
  type Traits,
  upsertCredential,
} from '../identity.repo.js';
import { KRATOS_ERRORS } from '../kratos/kratos-error.js';
import { addFieldMessage, clearMessages, input, setValue } from '../kratos/ui-node.js';
import { TEXT } from '../kratos/ui-text.js';
import { oidcStartNodes } from '../oidc/oidc-nodes.js';
import { oidcProviders } from '../oidc/oidc-providers.js';
import { startOidc } from '../oidc/oidc-start.js';
import { hashPassword, passwordPolicyViolation } from '../password.js';
import { issueSession, methodNow } from '../session.service.js';
import type { FlowHandler, FlowOutcome } from './flow-context.js';
import { startVerification } from './verification.flow.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function registrationNodes() {
  return [
    input('password', 'traits.email', 'email', {
      required: true,
      autocomplete: 'email',
      label: TEXT.generated('E-Mail'),
    }),
    input('password', 'traits.name.first', 'text', { label: TEXT.generated('First Name'), required: true }),
    input('password', 'traits.name.last', 'text', { label: TEXT.generated('Last Name'), required: true }),
    input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: TEXT.password() }),
    input('password', 'method', 'submit', { value: 'password', label: TEXT.signUp() }),
  ];
}

/** The pending invitation role of a person, if they were invited and have not registered yet. */
export async function invitedRole(db: Db, personId: string): Promise<string | undefined> {
  const { rows } = await sql<{ role: string }>`
    SELECT role FROM invites WHERE person_id = ${personId} AND accepted_at IS NULL ORDER BY created_at DESC LIMIT 1`.execute(
    db,
  );
  return rows[0]?.role;
}

/**
 * The registration flow (password method). An invited person's row is reused and gets the invited
 * role; anyone else gets MC_DEFAULT_ROLE. A session is issued and a verification code mailed.
 */
export const registrationFlow: FlowHandler = {
  kind: 'registration',
  uiPath: AUTH_ROUTES.registration,
  needsSession: false,
  expiredText: (minutes) => TEXT.registrationExpired(minutes),

  async init(ctx) {
    if (ctx.current) throw KRATOS_ERRORS.sessionAlreadyAvailable();
    const social = ctx.type === 'browser' ? oidcStartNodes(oidcProviders(ctx.config), 'registration') : [];
    return { state: 'choose_method', nodes: [...registrationNodes(), ...social] };
  },

  async submit(ctx, flow, body): Promise<FlowOutcome> {
    clearMessages(flow.ui);
    if (ctx.current) throw KRATOS_ERRORS.sessionAlreadyAvailable();
    if (body.method === 'oidc' || (!body.method && body.provider)) return startOidc(ctx, flow, body.provider);
    if ((body.method ?? 'password') !== 'password') {
      flow.ui.messages = [TEXT.noLoginStrategy()];
      return { kind: 'invalid' };
    }
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
    if (!valid || !password || violation) return { kind: 'invalid' };

    const existing = await findPersonByEmail(ctx.db, traits.email);
    if (existing?.has_identity) {
      flow.ui.messages = [TEXT.duplicate()];
      return { kind: 'invalid' };
    }
    const hashed = await hashPassword(password);
    const personId = await ctx.db.transaction().execute(async (trx) => {
      const id = existing?.id ?? (await insertPerson(trx, traits));
      if (existing)
        await sql`UPDATE people SET name = ${`${traits.name.first} ${traits.name.last}`} WHERE id = ${id}`.execute(trx);
      await insertIdentity(trx, id, traits);
      await upsertCredential(trx, id, 'password', { hashed_password: hashed }, [traits.email]);
      const role = existing ? await invitedRole(trx, id) : undefined;
      await assignRoles(trx, id, [role ?? ctx.config.MC_DEFAULT_ROLE]);
      if (role)
        await sql`UPDATE invites SET accepted_at = now() WHERE person_id = ${id} AND accepted_at IS NULL`.execute(trx);
      return id;
    });
    const issued = await issueSession(ctx.db, personId, {
      aal: 'aal1',
      methods: [methodNow('password', 'aal1')],
      userAgent: ctx.userAgent,
      ip: ctx.ip,
    });
    const verification = await startVerification(ctx, traits.email, flow.csrf_token);
    return { kind: 'session', issued, identityId: personId, continueWith: [verification] };
  },
};
