import type { Database } from '@mc/db';
import { type AuditContext, auditedTransaction, recordAuditIn } from '../../platform/audit.js';
import type { Config } from '../../platform/config.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { Actor } from '../../platform/request-context.js';
import { BackendAddressRefused, checkBackendAddress } from './org-backend-address.js';
import { type BackendStatus, backendStatus } from './org-backend-proxy.js';
import { CONSOLE_ROLE_OF, mayManage, PROVISIONING_MESSAGE, parseBackendUrl, parseDirect } from './org-rules.js';
import {
  countOwners,
  deleteMember,
  ensureSubjectPerson,
  findMembership,
  findPersonByEmail,
  findPersonProfile,
  insertOrganization,
  listMembers,
  listMemberships,
  type MembershipRow,
  ORG_ROLES,
  type OrganizationRow,
  type OrgRole,
  updateOrganization,
  upsertMember,
} from './organizations.repo.js';
import { type ProvisioningReport, startProvisioning } from './provisioning.js';
import type { Signer } from './signing-keys.js';

const NOT_FOUND = 'Organisation not found';

/** An organisation as the API shows it to a member. */
export function organizationOut(row: MembershipRow) {
  return {
    id: row.id,
    name: row.name,
    backend_url: row.backend_url,
    instance_finished: row.instance_finished,
    direct: row.direct,
    role: row.role,
    created_at: row.created_at.toISOString(),
  };
}

/** Who a token names, as the service's people table holds them. */
type Profile = { name: string; email: string | null };

function personOf(actor: Actor): { id: string; actor: Actor } {
  if (actor.kind !== 'person') throw new AppError('forbidden', 'Only a person can belong to organisations');
  return { id: actor.id, actor };
}

function orgRoleOf(value: unknown): OrgRole {
  if (typeof value === 'string' && (ORG_ROLES as readonly string[]).includes(value)) return value as OrgRole;
  throw new AppError('bad_request', `role must be one of ${ORG_ROLES.join(', ')}`);
}

/** The audit context of a change inside an organisation: its rows name the person and the organisation. */
function inOrg(context: AuditContext, orgId: string): AuditContext {
  const actor = context.actor;
  return { ...context, actor: actor.kind === 'person' ? { ...actor, organization: orgId } : actor };
}

/** What the organisation service works with. */
interface OrganizationsDeps {
  config: Config;
  database: Database;
  logger: Logger;
  signer: Signer;
}

/**
 * The pieces every operation of the service shares: the backend-address rule, membership reads that
 * answer 404 or 403, the token signer and the provisioning hook's report.
 */
function organizationAccess(deps: OrganizationsDeps) {
  const db = deps.database.db;
  const guard = egressGuardFor(deps.database);
  /** A backend address as given, refused with a 400 naming backend_url unless the service may reach it. */
  const backendAddress = async (value: unknown): Promise<string | null> => {
    const url = parseBackendUrl(value);
    if (url === null) return null;
    try {
      await checkBackendAddress(deps.config, guard, url);
    } catch (error) {
      if (error instanceof BackendAddressRefused) throw new AppError('bad_request', error.message);
      throw error;
    }
    return url;
  };
  const membership = async (orgId: string, personId: string): Promise<MembershipRow> => {
    const row = await findMembership(db, orgId, personId);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return row;
  };
  const managed = async (orgId: string, personId: string): Promise<MembershipRow> => {
    const row = await membership(orgId, personId);
    if (!mayManage(row.role)) throw new AppError('forbidden', 'Only owners and admins can change this organisation');
    return row;
  };
  /** The name and email the caller's tokens carry (none for a caller who is not a person). */
  const profileOf = async (actor: Actor): Promise<Profile> =>
    actor.kind === 'person' ? findPersonProfile(db, actor.id) : { name: '', email: null };
  const issue = async (actor: Actor, org: MembershipRow, profile: Profile) => {
    const { token, expiresAt } = await deps.signer.sign({
      subject: personOf(actor).id,
      organization: org.id,
      name: profile.name,
      email: profile.email,
      orgRole: org.role,
      roles: [CONSOLE_ROLE_OF[org.role]],
      ttlSeconds: deps.config.MC_ORG_TOKEN_TTL_S,
    });
    return { org, token, expires_at: expiresAt.toISOString() };
  };
  const applyReport = async (orgId: string, report: ProvisioningReport): Promise<void> => {
    const patch: Partial<OrganizationRow> = {};
    if (report.backend_url !== undefined) patch.backend_url = await backendAddress(report.backend_url);
    if (report.instance_finished !== undefined) patch.instance_finished = report.instance_finished;
    await auditedTransaction(deps.database, { actor: { kind: 'system', name: 'provisioning' } }, async (tx) => {
      const after = await updateOrganization(tx.db, orgId, patch);
      return {
        value: undefined,
        audit: after
          ? { action: 'organization.provisioned', target: 'organizations', ids: [orgId], after: patch }
          : null,
      };
    });
  };
  return { db, guard, backendAddress, membership, managed, profileOf, issue, applyReport };
}

type OrganizationAccess = ReturnType<typeof organizationAccess>;

/** Organisations themselves: the caller's list, one, a new one (provisioned), a change of metadata. */
function organizationOperations(deps: OrganizationsDeps, access: OrganizationAccess) {
  const { db, backendAddress, membership, managed, applyReport } = access;
  return {
    list: async (actor: Actor) => (await listMemberships(db, personOf(actor).id)).map(organizationOut),

    get: async (actor: Actor, orgId: string) => organizationOut(await membership(orgId, personOf(actor).id)),

    /** Creates an organisation with the caller as owner and starts its provisioning hook. */
    async create(
      context: AuditContext,
      input: { name: string; backend_url?: unknown; direct?: unknown; instance_finished?: unknown },
      serviceUrl: string,
    ) {
      const person = personOf(context.actor);
      const values = {
        name: input.name,
        backend_url: input.backend_url === undefined ? null : await backendAddress(input.backend_url),
        direct: input.direct === undefined ? false : parseDirect(input.direct),
        instance_finished: input.instance_finished === undefined ? false : parseDirect(input.instance_finished),
      };
      const org = await auditedTransaction(deps.database, context, async (tx) => {
        const row = await insertOrganization(tx.db, values, person.id);
        return { value: row, audit: { action: 'create', target: 'organizations', ids: [row.id], after: values } };
      });
      startProvisioning(deps.config, deps.logger, org, serviceUrl, applyReport);
      return organizationOut({ ...org, role: 'owner' });
    },

    /** Changes the organisation's metadata; 'direct' and 'instance_finished' follow the spec's boolean rule. */
    async update(context: AuditContext, orgId: string, input: Record<string, unknown>) {
      const person = personOf(context.actor);
      const current = await managed(orgId, person.id);
      const patch: Partial<OrganizationRow> = {};
      if (input.name !== undefined) {
        if (typeof input.name !== 'string' || input.name.trim() === '' || input.name.length > 100) {
          throw new AppError('bad_request', 'name must be 1 to 100 characters');
        }
        patch.name = input.name.trim();
      }
      if (input.backend_url !== undefined) patch.backend_url = await backendAddress(input.backend_url);
      if (input.direct !== undefined) patch.direct = parseDirect(input.direct);
      if (input.instance_finished !== undefined) patch.instance_finished = parseDirect(input.instance_finished);
      const after = await auditedTransaction(deps.database, inOrg(context, orgId), async (tx) => {
        const row = await updateOrganization(tx.db, orgId, patch);
        return { value: row, audit: { action: 'update', target: 'organizations', ids: [orgId], after: patch } };
      });
      if (!after) throw new AppError('not_found', NOT_FOUND);
      return organizationOut({ ...after, role: current.role });
    },
  };
}

/** Members: the list, adding one or changing a role, removing one; an organisation keeps an owner. */
function memberOperations(deps: OrganizationsDeps, access: OrganizationAccess) {
  const { db, membership, managed } = access;
  return {
    async members(actor: Actor, orgId: string) {
      await membership(orgId, personOf(actor).id);
      return listMembers(db, orgId);
    },

    /** Adds a person (by the email they sign in with) or changes a member's role. */
    async putMember(context: AuditContext, orgId: string, input: { email: string; role: unknown }) {
      const caller = await managed(orgId, personOf(context.actor).id);
      const role = orgRoleOf(input.role);
      if (role === 'owner' && caller.role !== 'owner') throw new AppError('forbidden', 'Only owners can add owners');
      const person = await findPersonByEmail(db, input.email);
      if (!person) throw new AppError('not_found', 'Nobody signs in with that email address; invite them first');
      await auditedTransaction(deps.database, inOrg(context, orgId), async (tx) => {
        const current = await findMembership(tx.db, orgId, person.id);
        if (current?.role === 'owner' && caller.role !== 'owner') {
          throw new AppError('forbidden', 'Only owners can change an owner’s role');
        }
        if (current?.role === 'owner' && role !== 'owner' && (await countOwners(tx.db, orgId)) <= 1) {
          throw new AppError('conflict', 'An organisation keeps at least one owner');
        }
        await upsertMember(tx.db, orgId, person.id, role);
        return {
          value: undefined,
          audit: { action: 'member.put', target: 'organization_members', ids: [person.id], after: { role } },
        };
      });
      return listMembers(db, orgId);
    },

    /** Removes a member; from now on the service refuses them tokens and proxied calls. */
    async removeMember(context: AuditContext, orgId: string, personId: string) {
      const self = personOf(context.actor).id;
      const caller = await membership(orgId, self);
      if (personId !== self && !mayManage(caller.role)) {
        throw new AppError('forbidden', 'Only owners and admins can remove members');
      }
      await auditedTransaction(deps.database, inOrg(context, orgId), async (tx) => {
        const target = await findMembership(tx.db, orgId, personId);
        if (!target) throw new AppError('not_found', 'No such member');
        if (target.role === 'owner' && caller.role !== 'owner')
          throw new AppError('forbidden', 'Only owners can remove owners');
        if (target.role === 'owner' && (await countOwners(tx.db, orgId)) <= 1) {
          throw new AppError('conflict', 'An organisation keeps at least one owner');
        }
        await deleteMember(tx.db, orgId, personId);
        return {
          value: undefined,
          audit: {
            action: 'member.remove',
            target: 'organization_members',
            ids: [personId],
            before: { role: target.role },
          },
        };
      });
    },
  };
}

/** Tokens for an organisation's backend, and whether that backend is ready for them. */
function backendOperations(deps: OrganizationsDeps, access: OrganizationAccess) {
  const { guard, membership, profileOf, issue } = access;
  /** A short-lived token for the caller on the organisation's backend (roles mapped from their org role). */
  const token = async (actor: Actor, orgId: string) => {
    const profile = await profileOf(actor);
    return issue(actor, await membership(orgId, personOf(actor).id), profile);
  };
  return {
    token,

    /**
     * The token exchange of direct mode: a token and the address to use it at, which is checked again
     * first (a 409 naming backend_url when the https rule or the service's egress policy refuses it).
     */
    async exchange(actor: Actor, orgId: string) {
      const profile = await profileOf(actor);
      const org = await membership(orgId, personOf(actor).id);
      if (org.backend_url) {
        try {
          await checkBackendAddress(deps.config, guard, org.backend_url);
        } catch (error) {
          if (error instanceof BackendAddressRefused) throw new AppError('conflict', error.message);
          throw error;
        }
      }
      return issue(actor, org, profile);
    },

    /** The member's organisation, or the provisioning answer (503) while it has no finished backend. */
    async readyBackend(actor: Actor, orgId: string): Promise<MembershipRow & { backend_url: string }> {
      const org = await membership(orgId, personOf(actor).id);
      if (!org.backend_url || !org.instance_finished) throw new AppError('unavailable', PROVISIONING_MESSAGE);
      return org as MembershipRow & { backend_url: string };
    },

    /** Whether the organisation's backend is ready: provisioning until it has a finished address, then its own answer. */
    async status(actor: Actor, orgId: string): Promise<BackendStatus> {
      const org = await membership(orgId, personOf(actor).id);
      if (!org.backend_url || !org.instance_finished) return { state: 'provisioning', message: PROVISIONING_MESSAGE };
      const { token: bearer } = await token(actor, orgId);
      return backendStatus(deps.config, guard, org.backend_url, bearer);
    },
  };
}

/**
 * The organisation service's rules (MC_AUTH_MODE=hosted, docs/hosted-mode.md): organisations and their
 * members, the metadata the console needs (backend address, instance finished, direct), and short-lived
 * tokens for an organisation's backend. Membership is read afresh on every call, so a removed member
 * loses access here at once.
 */
export function organizationsService(deps: OrganizationsDeps) {
  const access = organizationAccess(deps);
  return {
    ...organizationOperations(deps, access),
    ...memberOperations(deps, access),
    ...backendOperations(deps, access),
  };
}

/** The service {@link organizationsService} returns. */
export type OrganizationsService = ReturnType<typeof organizationsService>;

/**
 * The backend-side person of an organisation token's subject, created on first sight or linked to an
 * existing person by email; either is a change to `people` and is audited in the same transaction, with
 * the person themself (through their organisation) as the actor, as a self-registration is.
 */
export async function admitTokenSubject(
  database: Database,
  subject: string,
  profile: { name: string; email: string | null },
  actor: { roles: readonly string[]; organization: string },
): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    const admitted = await ensureSubjectPerson(trx, subject, profile);
    if (admitted.outcome !== 'known') {
      await recordAuditIn(trx, {
        actor: { kind: 'person', id: admitted.id, via: 'organization', ...actor },
        action: admitted.outcome === 'created' ? 'person.create' : 'person.link',
        target: 'people',
        ids: [admitted.id],
        before: admitted.outcome === 'linked' ? admitted.before : null,
        after: admitted.after,
      });
    }
    return admitted.id;
  });
}
