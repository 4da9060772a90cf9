import { join } from 'node:path';
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
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import { loadSecretBox, type SecretBox } from '../../platform/secrets.js';
import { readRefusal, type SavedBy } from './connection-access.js';
import {
  type ConnectionValues,
  embedsPassword,
  isReference,
  mask,
  mergePlain,
  open,
  seal,
  secretPaths,
} from './connection-secrets.js';
import { type ConnectionRow, connectionsRepo } from './connections.repo.js';
import { fileReferenceResolver, type ReferenceResolver } from './reference-resolver.js';

/** A connection with every secret decrypted and every reference resolved: for checks, scrapers, playbooks, channels. */
export interface ResolvedConnection extends ConnectionValues {
  id: string;
  name: string;
  namespace: string;
  type: string;
}

/** What the service needs: its repo, the keyring (loaded on first use) and the reference resolver. */
export interface ConnectionsServiceDeps {
  database: Database;
  secretBox: () => SecretBox;
  resolveReference: ReferenceResolver;
}

const values = (row: ConnectionRow): ConnectionValues => ({
  url: row.url,
  username: row.username,
  password: row.password,
  certificate: row.certificate,
  insecure_tls: row.insecure_tls,
  properties: row.properties ?? {},
});

function definitionOf(type: string): ConnectionTypeDefinition {
  const definition = connectionType(type);
  if (!definition) throw new AppError('bad_request', `Unknown connection type '${type}'`);
  return definition;
}

function parseInput(body: unknown): ConnectionInput {
  const parsed = connectionInputSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
  throw new AppError('bad_request', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), { issues });
}

/**
 * Connections: validation per type (spec 001 §3), secrets encrypted on write and masked on read, and
 * {@link ConnectionsService.resolveConnection}, the only way to the decrypted values.
 */
export function connectionsService(deps: ConnectionsServiceDeps) {
  const { secretBox } = deps;
  const repo = connectionsRepo(deps.database);

  const toApi = (row: ConnectionRow): Connection => {
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
  };

  async function findByRef(ref: string): Promise<ConnectionRow | undefined> {
    const match = CONNECTION_REF.exec(ref);
    if (!match) return repo.byId(ref);
    const [, scope = '', name = ''] = match;
    const rows = await repo.byScopeName(scope, name);
    return rows.find((row) => row.type === scope) ?? rows[0];
  }

  /** Checks what rules cannot see alone: references to other connections, config maps and secrets exist. */
  async function checkReferences(definition: ConnectionTypeDefinition, plain: ConnectionValues) {
    const shaped = { ...plain, type: definition.type };
    for (const field of definition.fields) {
      if (!fieldVisible(field, shaped, definition.fields)) continue;
      const value = fieldValue(shaped, field.path);
      if (typeof value !== 'string' || value === '') continue;
      if (field.kind === 'connection' && !(await findByRef(value))) {
        throw new AppError('bad_request', `${field.label}: ${value} refers to no connection`);
      }
      if (isReference(value)) {
        await deps.resolveReference(value).catch((error: Error) => {
          throw new AppError('bad_request', `${field.label}: ${error.message}`);
        });
      }
    }
  }

  /** The plaintext values a body means (masks replaced by what `stored` holds), validated and checked. */
  async function validPlain(input: ConnectionInput, stored: ConnectionRow | undefined) {
    const definition = definitionOf(input.type);
    const paths = secretPaths(definition);
    const plain = mergePlain(input, stored && values(stored), paths, secretBox);
    const issues = validateConnectionFields({ ...plain, type: definition.type });
    if (issues.length > 0) {
      const fields = new Map<string, string>(definition.fields.map((field) => [field.path, field.label]));
      const message = issues.map((issue) => `${fields.get(issue.path) ?? issue.path}: ${issue.message}`).join('; ');
      throw new AppError('bad_request', message, { issues });
    }
    await checkReferences(definition, plain);
    return { definition, paths, plain };
  }

  async function prepare(input: ConnectionInput, stored: ConnectionRow | undefined) {
    const { definition, paths, plain } = await validPlain(input, stored);
    if (definition.notification) plain.url = buildNotificationUrl(definition.type, plain) ?? null;
    const sealed = seal(plain, paths, secretBox);
    return { ...sealed, name: input.name, namespace: input.namespace, type: definition.type };
  }

  async function assertFreeName(namespace: string, name: string, exceptId?: string) {
    const clash = await repo.byNamespaceName(namespace, name);
    if (clash && clash.id !== exceptId) {
      throw new AppError('conflict', `A connection named '${name}' already exists in namespace '${namespace}'`);
    }
  }

  /** Reads config map and secret references of decrypted values; rebuilds a notification type's URL. */
  async function resolveValues(definition: ConnectionTypeDefinition, opened: ConnectionValues) {
    for (const key of ['url', 'username', 'password', 'certificate'] as const) {
      const value = opened[key];
      if (value && isReference(value)) opened[key] = await deps.resolveReference(value);
    }
    for (const [key, value] of Object.entries(opened.properties)) {
      if (isReference(value)) opened.properties[key] = await deps.resolveReference(String(value));
    }
    if (definition.notification) opened.url = buildNotificationUrl(definition.type, opened) ?? null;
    return opened;
  }

  async function mustGet(id: string): Promise<ConnectionRow> {
    const row = await repo.byId(id);
    if (!row) throw new AppError('not_found', `Connection ${id} not found`);
    return row;
  }

  return {
    async list(filter: { type?: string; namespace?: string } = {}): Promise<Connection[]> {
      return (await repo.list(filter)).map(toApi);
    },
    async get(id: string): Promise<Connection> {
      return toApi(await mustGet(id));
    },
    async create(body: unknown, audit: AuditContext): Promise<Connection> {
      const row = await prepare(parseInput(body), undefined);
      await assertFreeName(row.namespace, row.name);
      return auditedTransaction(deps.database, audit, async (tx) => {
        const created = toApi(await connectionsRepo(tx).insert(row, actorPersonId(audit)));
        return {
          value: created,
          audit: { action: 'create', target: 'connections', ids: [created.id], after: created },
        };
      });
    },
    async update(id: string, body: unknown, audit: AuditContext): Promise<Connection> {
      const stored = await mustGet(id);
      const input = parseInput(body);
      // Stored secrets carry over only while the type stays the same.
      const row = await prepare(input, stored.type === input.type ? stored : undefined);
      await assertFreeName(row.namespace, row.name, id);
      return auditedTransaction(deps.database, audit, async (tx) => {
        const updated = await connectionsRepo(tx).update(id, row);
        if (!updated) throw new AppError('not_found', `Connection ${id} not found`);
        const after = toApi(updated);
        return {
          value: after,
          audit: { action: 'update', target: 'connections', ids: [id], before: toApi(stored), after },
        };
      });
    },
    async remove(id: string, audit: AuditContext): Promise<void> {
      await auditedTransaction(deps.database, audit, async (tx) => {
        const txRepo = connectionsRepo(tx);
        const before = await txRepo.byId(id);
        if (!before || !(await txRepo.softDelete(id))) throw new AppError('not_found', `Connection ${id} not found`);
        return {
          value: undefined,
          audit: { action: 'delete', target: 'connections', ids: [id], before: toApi(before) },
        };
      });
    },
    /**
     * The decrypted connection behind a reference: an id, `connection://<type>/<name>` or
     * `connection://<namespace>/<name>`, for a definition last saved by `savedBy` (a person's id, or null
     * for the system). The saver must still be allowed to read the connection (docs/connections.md "Who may
     * use a connection"): otherwise 403 and nothing is decrypted. Config map and secret references are read
     * too, and a notification type's provider URL is rebuilt from the resolved fields.
     */
    async resolveConnection(ref: string, savedBy: SavedBy): Promise<ResolvedConnection> {
      const row = await findByRef(ref);
      if (!row) throw new AppError('not_found', `Connection ${ref} not found`);
      const refusal = await readRefusal(deps.database.db, savedBy, row);
      if (refusal) throw new AppError('forbidden', `${refusal}; nothing was sent`);
      const definition = definitionOf(row.type);
      const opened = await resolveValues(definition, open(values(row), secretPaths(definition), secretBox));
      return { id: row.id, name: row.name, namespace: row.namespace, type: row.type, ...opened };
    },
    /** The live connection a reference names (id, name and namespace only), or undefined: for checks at save. */
    async find(ref: string): Promise<{ id: string; name: string; namespace: string; type: string } | undefined> {
      const row = await findByRef(ref);
      return row && { id: row.id, name: row.name, namespace: row.namespace, type: row.type };
    },
    /**
     * The connection a form body describes, unsaved, with secrets resolved: for testing the values being
     * edited. With `id`, a secret sent back masked (or left out) is the stored connection's, as on save.
     * Bad values answer 400 exactly as a save would.
     */
    async resolveInput(body: unknown, id?: string): Promise<ResolvedConnection> {
      const stored = id === undefined ? undefined : await mustGet(id);
      const input = parseInput(body);
      const { definition, plain } = await validPlain(input, stored?.type === input.type ? stored : undefined);
      const opened = await resolveValues(definition, plain);
      return { id: stored?.id ?? '', name: input.name, namespace: input.namespace, type: definition.type, ...opened };
    },
    /**
     * Encrypts URLs stored before their embedded passwords were secrets (`postgres://u:p@…` in plain
     * text); run at start-up. Returns how many rows changed; a second run changes none.
     */
    async sealEmbeddedPasswords(): Promise<number> {
      let changed = 0;
      for (const row of await repo.all()) {
        const definition = connectionType(row.type);
        if (!definition || secretPaths(definition).includes('url') || !embedsPassword(row.url)) continue;
        await repo.setUrl(row.id, secretBox().encrypt(row.url));
        changed += 1;
      }
      return changed;
    },
    /** Re-encrypts secrets written with an older key; returns how many rows changed (rotation, docs/secrets.md). */
    async reencryptAll(): Promise<number> {
      let changed = 0;
      for (const row of await repo.all()) {
        const definition = connectionType(row.type);
        if (!definition) continue;
        const paths = secretPaths(definition);
        const current = values(row);
        const stale = [...paths, 'url' as const].some((path) => {
          const value = fieldValue(current, path);
          return typeof value === 'string' && secretBox().isStale(value);
        });
        if (!stale) continue;
        const resealed = seal(open(current, paths, secretBox), paths, secretBox);
        await repo.update(row.id, { ...resealed, name: row.name, namespace: row.namespace, type: row.type });
        changed += 1;
      }
      return changed;
    },
  };
}

/** The connections service; other modules import it to call `resolveConnection`. */
export type ConnectionsService = ReturnType<typeof connectionsService>;

const shared = new WeakMap<object, ConnectionsService>();

/**
 * The one connections service of a database, built on first use: the keyring comes from
 * `MC_SECRET_KEY` or the key file in MC_DATA_DIR (loaded when a secret is first sealed or opened), and
 * config map / secret references are read under `MC_SECRET_REFS_DIR` (default `<MC_DATA_DIR>/refs`).
 * Checks, scrapers, playbooks and channels call `connectionsServiceFor(deps).resolveConnection(ref, savedBy)`.
 */
export function connectionsServiceFor(deps: { database: Database; config: Config }): ConnectionsService {
  const existing = shared.get(deps.database);
  if (existing) return existing;
  let box: SecretBox | undefined;
  const service = connectionsService({
    database: deps.database,
    secretBox: () => {
      box ??= loadSecretBox({ env: process.env, dataDir: deps.config.MC_DATA_DIR });
      return box;
    },
    resolveReference: fileReferenceResolver(process.env.MC_SECRET_REFS_DIR || join(deps.config.MC_DATA_DIR, 'refs')),
  });
  shared.set(deps.database, service);
  return service;
}
