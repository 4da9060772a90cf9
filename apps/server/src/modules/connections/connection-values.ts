/**
 * The pieces of the connections service (connections.service.ts) that turn rows into answers and bodies
 * into rows: masking for the API, finding a connection by reference, validating a body's values per type
 * and resolving config map and secret references.
 */
import {
  buildNotificationUrl,
  CONNECTION_REF,
  type Connection,
  type ConnectionInput,
  type ConnectionTypeDefinition,
  connectionInputSchema,
  connectionType,
  fieldValue,
  fieldVisible,
  validateConnectionFields,
} from '@mc/contracts';
import { AppError } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secrets.js';
import { type ConnectionValues, isReference, mask, mergePlain, seal, secretPaths } from './connection-secrets.js';
import type { ConnectionRow, ConnectionsRepo } from './connections.repo.js';
import type { ReferenceResolver } from './reference-resolver.js';

/** The keyring (loaded on first use) and the reference resolver the pieces need. */
export interface ConnectionKeys {
  secretBox: () => SecretBox;
  resolveReference: ReferenceResolver;
}

/** The values of a stored row (secrets still sealed). */
export const values = (row: ConnectionRow): ConnectionValues => ({
  url: row.url,
  username: row.username,
  password: row.password,
  certificate: row.certificate,
  insecure_tls: row.insecure_tls,
  properties: row.properties ?? {},
});

/** The definition of a connection type; 400 for an unknown one. */
export function definitionOf(type: string): ConnectionTypeDefinition {
  const definition = connectionType(type);
  if (!definition) throw new AppError('bad_request', `Unknown connection type '${type}'`);
  return definition;
}

/** A body as a connection input; 400 naming every problem. */
export function parseInput(body: unknown): ConnectionInput {
  const parsed = connectionInputSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
  throw new AppError('bad_request', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), { issues });
}

/** A stored row as the API answers it: secrets masked. */
export function toApi(row: ConnectionRow, secretBox: () => SecretBox): Connection {
  const masked = mask(values(row), secretPaths(definitionOf(row.type)), secretBox);
  return {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    ...masked,
    source: row.source,
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The live connection an id or `connection://<type or namespace>/<name>` names (a type's first). */
export async function findByRef(repo: ConnectionsRepo, ref: string): Promise<ConnectionRow | undefined> {
  const match = CONNECTION_REF.exec(ref);
  if (!match) return repo.byId(ref);
  const [, scope = '', name = ''] = match;
  const rows = await repo.byScopeName(scope, name);
  return rows.find((row) => row.type === scope) ?? rows[0];
}

/** Checks what rules cannot see alone: references to other connections, config maps and secrets exist. */
async function checkReferences(
  keys: ConnectionKeys,
  repo: ConnectionsRepo,
  definition: ConnectionTypeDefinition,
  plain: ConnectionValues,
) {
  const shaped = { ...plain, type: definition.type };
  for (const field of definition.fields) {
    if (!fieldVisible(field, shaped, definition.fields)) continue;
    const value = fieldValue(shaped, field.path);
    if (typeof value !== 'string' || value === '') continue;
    if (field.kind === 'connection' && !(await findByRef(repo, value))) {
      throw new AppError('bad_request', `${field.label}: ${value} refers to no connection`);
    }
    if (isReference(value)) {
      await keys.resolveReference(value).catch((error: Error) => {
        throw new AppError('bad_request', `${field.label}: ${error.message}`);
      });
    }
  }
}

/** The plaintext values a body means (masks replaced by what `stored` holds), validated and checked. */
export async function validPlain(
  keys: ConnectionKeys,
  repo: ConnectionsRepo,
  input: ConnectionInput,
  stored: ConnectionRow | undefined,
) {
  const definition = definitionOf(input.type);
  const paths = secretPaths(definition);
  const plain = mergePlain(input, stored && values(stored), paths, keys.secretBox);
  const issues = validateConnectionFields({ ...plain, type: definition.type });
  if (issues.length > 0) {
    const fields = new Map<string, string>(definition.fields.map((field) => [field.path, field.label]));
    const message = issues.map((issue) => `${fields.get(issue.path) ?? issue.path}: ${issue.message}`).join('; ');
    throw new AppError('bad_request', message, { issues });
  }
  await checkReferences(keys, repo, definition, plain);
  return { definition, paths, plain };
}

/** The row a body writes: validated, a notification type's URL built, secrets sealed. */
export async function prepare(
  keys: ConnectionKeys,
  repo: ConnectionsRepo,
  input: ConnectionInput,
  stored: ConnectionRow | undefined,
) {
  const { definition, paths, plain } = await validPlain(keys, repo, input, stored);
  if (definition.notification) plain.url = buildNotificationUrl(definition.type, plain) ?? null;
  const sealed = seal(plain, paths, keys.secretBox);
  return { ...sealed, name: input.name, namespace: input.namespace, type: definition.type };
}

/** 409 when another live connection has that name in that namespace. */
export async function assertFreeName(repo: ConnectionsRepo, namespace: string, name: string, exceptId?: string) {
  const clash = await repo.byNamespaceName(namespace, name);
  if (clash && clash.id !== exceptId) {
    throw new AppError('conflict', `A connection named '${name}' already exists in namespace '${namespace}'`);
  }
}

/** Reads config map and secret references of decrypted values; rebuilds a notification type's URL. */
export async function resolveValues(
  resolveReference: ReferenceResolver,
  definition: ConnectionTypeDefinition,
  opened: ConnectionValues,
) {
  for (const key of ['url', 'username', 'password', 'certificate'] as const) {
    const value = opened[key];
    if (value && isReference(value)) opened[key] = await resolveReference(value);
  }
  for (const [key, value] of Object.entries(opened.properties)) {
    if (isReference(value)) opened.properties[key] = await resolveReference(String(value));
  }
  if (definition.notification) opened.url = buildNotificationUrl(definition.type, opened) ?? null;
  return opened;
}

/** The live row of an id; 404 when there is none. */
export async function mustGet(repo: ConnectionsRepo, id: string): Promise<ConnectionRow> {
  const row = await repo.byId(id);
  if (!row) throw new AppError('not_found', `Connection ${id} not found`);
  return row;
}
