import {
  ADMIN_ONLY_PROPERTY_MESSAGE,
  disabledFeatures,
  isAdminOnlyProperty,
  type Property,
  propertyInputSchema,
  propertyUpdateSchema,
  propertyValueIssue,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import type { z } from 'zod';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { type PropertyRow, propertiesRepo } from './properties.repo.js';

const toApi = (row: PropertyRow): Property => ({
  name: row.name,
  value: row.value,
  created_by: row.created_by,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
  throw new AppError('bad_request', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), { issues });
}

/** Refuses a security property's write unless the actor is an administrator (or the system itself). */
function assertMayWrite(name: string, audit: AuditContext): void {
  if (!isAdminOnlyProperty(name)) return;
  const { actor } = audit;
  if (actor.kind === 'system' || (actor.kind === 'person' && actor.roles.includes('admin'))) return;
  throw new AppError('forbidden', ADMIN_ONLY_PROPERTY_MESSAGE(name));
}

/** Refuses a value its property cannot hold (a folder list with a relative path). */
function assertValidValue(name: string, value: string): void {
  const issue = propertyValueIssue(name, value);
  if (issue) throw new AppError('bad_request', issue);
}

/**
 * Properties: runtime settings and feature flags (`<feature>.disable=true`, spec 001 §6). Nothing is
 * cached, so a change shows on the consoles' next fetch.
 */
export function propertiesService(database: Database) {
  const repo = propertiesRepo(database);
  return {
    async list(): Promise<Property[]> {
      return (await repo.list()).map(toApi);
    },
    async get(name: string): Promise<Property> {
      const row = await repo.get(name);
      if (!row) throw new AppError('not_found', `Property '${name}' not found`);
      return toApi(row);
    },
    /** The features turned off, parents' children included. */
    async disabledFeatures(): Promise<string[]> {
      return [...disabledFeatures(await repo.list())].sort();
    },
    async create(body: unknown, audit: AuditContext): Promise<Property> {
      const input = parse(propertyInputSchema, body);
      assertMayWrite(input.name, audit);
      assertValidValue(input.name, input.value);
      return auditedTransaction(database, audit, async (tx) => {
        const row = await propertiesRepo(tx).insert(input.name, input.value, actorPersonId(audit));
        if (!row) throw new AppError('conflict', `Property '${input.name}' already exists`);
        return {
          value: toApi(row),
          audit: { action: 'create', target: 'properties', ids: [row.name], after: toApi(row) },
        };
      });
    },
    async update(name: string, body: unknown, audit: AuditContext): Promise<Property> {
      const input = parse(propertyUpdateSchema, body);
      assertMayWrite(name, audit);
      assertValidValue(name, input.value);
      return auditedTransaction(database, audit, async (tx) => {
        const txRepo = propertiesRepo(tx);
        const before = await txRepo.get(name);
        const row = before && (await txRepo.update(name, input.value));
        if (!before || !row) throw new AppError('not_found', `Property '${name}' not found`);
        return {
          value: toApi(row),
          audit: { action: 'update', target: 'properties', ids: [name], before: toApi(before), after: toApi(row) },
        };
      });
    },
    async remove(name: string, audit: AuditContext): Promise<void> {
      assertMayWrite(name, audit);
      await auditedTransaction(database, audit, async (tx) => {
        const txRepo = propertiesRepo(tx);
        const before = await txRepo.get(name);
        if (!before || !(await txRepo.softDelete(name)))
          throw new AppError('not_found', `Property '${name}' not found`);
        return {
          value: undefined,
          audit: { action: 'delete', target: 'properties', ids: [name], before: toApi(before) },
        };
      });
    },
  };
}
