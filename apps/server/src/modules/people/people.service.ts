import { USER_MESSAGES, updateRoleSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { assignRoles } from '../rbac/index.js';
import { countOtherAdmins, deletePerson, findPerson, lockAdminChanges, type PersonRow } from './people.repo.js';

const image = (person: PersonRow) => ({ id: person.id, name: person.name, email: person.email, roles: person.roles });

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
