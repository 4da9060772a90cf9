import { type PersonUpdated, USER_MESSAGES, updatePersonSchema, updateRoleSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { assignRoles } from '../rbac/index.js';
import {
  countOtherAdmins,
  deletePerson,
  findPerson,
  findPersonAccount,
  lockAdminChanges,
  type PersonRow,
  setAccountState,
  updatePersonProfile,
} from './people.repo.js';

const image = (person: PersonRow) => ({ id: person.id, name: person.name, email: person.email, roles: person.roles });

/** The first word of a display name and the rest, for traits when only `name` is given. */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/**
 * People administration (spec 000 §7 `DELETE /people/{id}`, upstream `POST /rbac/{id}/update_role`).
 * Rules: a person has one role; nobody changes their own role or deletes themselves (so an admin
 * cannot lock themselves out), and the last admin keeps the role. Authentication reads roles on every
 * request, so a change applies to the person's very next call.
 */
export function peopleService(database: Database) {
  const guardLastAdmin = async (db: Database['db'], person: PersonRow) => {
    if (!person.roles.includes('admin')) return;
    await lockAdminChanges(db);
    if ((await countOtherAdmins(db, person.id)) === 0) throw new AppError('conflict', USER_MESSAGES.lastAdmin);
  };
  return {
    async updateRole(id: string, body: unknown, audit: AuditContext): Promise<PersonRow> {
      const parsed = updateRoleSchema.safeParse(body ?? {});
      if (!parsed.success) throw new AppError('bad_request', 'Choose a role');
      const role = parsed.data.role;
      return auditedTransaction(database, audit, async (tx) => {
        const before = await findPerson(tx.db, id);
        if (!before) throw new AppError('not_found', USER_MESSAGES.notFound);
        if (before.id === actorPersonId(audit)) throw new AppError('bad_request', USER_MESSAGES.cannotDemoteSelf);
        if (role !== 'admin') await guardLastAdmin(tx.db, before);
        await assignRoles(tx.db, id, [role]);
        const after = { ...before, roles: [role] };
        return {
          value: after,
          audit: {
            action: 'rbac.update_role',
            target: 'people',
            ids: [id],
            before: image(before),
            after: image(after),
          },
        };
      });
    },

    /**
     * `POST /api/people/update` (upstream's user form): name (or first and last name), avatar, role and
     * active. A role or active state equal to the current one is no change, so the form saving a name
     * passes the person's own role unchanged; changing one's own role or deactivating oneself is refused,
     * and the last admin keeps the role and stays active. An email other than the current one is refused
     * (it signs the person in: they change it in their settings).
     */
    async update(body: unknown, audit: AuditContext): Promise<PersonUpdated> {
      const parsed = updatePersonSchema.safeParse(body ?? {});
      if (!parsed.success) {
        throw new AppError(
          'bad_request',
          parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
        );
      }
      const input = parsed.data;
      if (input.name !== undefined && (input.firstName !== undefined || input.lastName !== undefined)) {
        throw new AppError('bad_request', USER_MESSAGES.nameAndParts);
      }
      return auditedTransaction(database, audit, async (tx) => {
        const before = await findPerson(tx.db, input.id);
        const account = before ? await findPersonAccount(tx.db, input.id) : undefined;
        if (!before || !account) throw new AppError('not_found', USER_MESSAGES.notFound);
        const self = before.id === actorPersonId(audit);
        const currentEmail = account.traits?.email ?? before.email ?? '';
        if (input.email !== undefined && input.email.trim().toLowerCase() !== currentEmail.toLowerCase()) {
          throw new AppError('bad_request', USER_MESSAGES.emailNotChangedHere);
        }
        const roleChange = input.role !== undefined && !(before.roles.length === 1 && before.roles[0] === input.role);
        const wasActive = account.state !== 'inactive';
        const stateChange = input.active !== undefined && input.active !== wasActive;
        if (stateChange && account.state === null) throw new AppError('bad_request', USER_MESSAGES.noAccount);
        if (roleChange && self) throw new AppError('bad_request', USER_MESSAGES.cannotDemoteSelf);
        if (stateChange && self) throw new AppError('bad_request', USER_MESSAGES.cannotDeactivateSelf);
        if ((roleChange && input.role !== 'admin') || (stateChange && !input.active))
          await guardLastAdmin(tx.db, before);
        const parts = account.traits?.name ?? splitName(before.name);
        const first = input.firstName ?? (input.name !== undefined ? splitName(input.name).first : parts.first);
        const last = input.lastName ?? (input.name !== undefined ? splitName(input.name).last : parts.last);
        const named = input.name !== undefined || input.firstName !== undefined || input.lastName !== undefined;
        const name = input.name ?? (named ? `${first} ${last}`.trim() || currentEmail : before.name);
        const avatar = input.avatar === undefined ? account.avatar : input.avatar;
        await updatePersonProfile(tx.db, input.id, { name, first, last, avatar });
        if (roleChange && input.role) await assignRoles(tx.db, input.id, [input.role]);
        if (stateChange) await setAccountState(tx.db, input.id, input.active ? 'active' : 'inactive');
        const roles = roleChange && input.role ? [input.role] : before.roles;
        const active = stateChange ? Boolean(input.active) : wasActive;
        const after = { ...before, name, roles };
        return {
          value: { id: input.id, email: currentEmail, name: { first, last }, avatar, roles, active },
          audit: {
            action: 'people.update',
            target: 'people',
            ids: [input.id],
            before: { ...image(before), avatar: account.avatar, active: wasActive },
            after: { ...image(after), avatar, active },
          },
        };
      });
    },

    async remove(id: string, audit: AuditContext): Promise<void> {
      await auditedTransaction(database, audit, async (tx) => {
        const before = await findPerson(tx.db, id);
        if (!before) throw new AppError('not_found', USER_MESSAGES.notFound);
        if (before.id === actorPersonId(audit)) throw new AppError('bad_request', USER_MESSAGES.cannotDeleteSelf);
        await guardLastAdmin(tx.db, before);
        await deletePerson(tx.db, id);
        return { value: undefined, audit: { action: 'delete', target: 'people', ids: [id], before: image(before) } };
      });
    },
  };
}
