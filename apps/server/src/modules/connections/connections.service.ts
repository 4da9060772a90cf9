import type { Connection } from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import { loadSecretBox, type SecretBox } from '../../platform/secrets.js';
import { readRefusal, type SavedBy } from './connection-access.js';
import { reencryptAll, sealEmbeddedPasswords } from './connection-maintenance.js';
import { type ConnectionValues, open, secretPaths } from './connection-secrets.js';
import {
  assertFreeName,
  type ConnectionKeys,
  definitionOf,
  findByRef,
  mustGet,
  parseInput,
  prepare,
  resolveValues,
  toApi as toRow,
  validPlain,
  values,
} from './connection-values.js';
import { type ConnectionRow, connectionsRepo } from './connections.repo.js';
import { type ReferenceResolver, referenceResolverFrom } from './reference-resolver.js';
import { valueSourceReaderFor } from './value-sources.js';

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

/**
 * Connections: validation per type (spec 001 §3), secrets encrypted on write and masked on read, and
 * {@link ConnectionsService.resolveConnection}, the only way to the decrypted values.
 */
export function connectionsService(deps: ConnectionsServiceDeps) {
  const { secretBox } = deps;
  const repo = connectionsRepo(deps.database);
  const keys: ConnectionKeys = deps;
  const toApi = (row: ConnectionRow): Connection => toRow(row, secretBox);

  return {
    async list(filter: { type?: string; namespace?: string } = {}): Promise<Connection[]> {
      return (await repo.list(filter)).map(toApi);
    },
    async get(id: string): Promise<Connection> {
      return toApi(await mustGet(repo, id));
    },
    async create(body: unknown, audit: AuditContext): Promise<Connection> {
      const row = await prepare(keys, repo, parseInput(body), undefined);
      await assertFreeName(repo, row.namespace, row.name);
      return auditedTransaction(deps.database, audit, async (tx) => {
        const created = toApi(await connectionsRepo(tx).insert(row, actorPersonId(audit)));
        return {
          value: created,
          audit: { action: 'create', target: 'connections', ids: [created.id], after: created },
        };
      });
    },
    async update(id: string, body: unknown, audit: AuditContext): Promise<Connection> {
      const stored = await mustGet(repo, id);
      const input = parseInput(body);
      // Stored secrets carry over only while the type stays the same.
      const row = await prepare(keys, repo, input, stored.type === input.type ? stored : undefined);
      await assertFreeName(repo, row.namespace, row.name, id);
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
      const row = await findByRef(repo, ref);
      if (!row) throw new AppError('not_found', `Connection ${ref} not found`);
      const refusal = await readRefusal(deps.database.db, savedBy, row);
      if (refusal) throw new AppError('forbidden', `${refusal}; nothing was sent`);
      const definition = definitionOf(row.type);
      const opened = await resolveValues(
        deps.resolveReference,
        definition,
        open(values(row), secretPaths(definition), secretBox),
      );
      return { id: row.id, name: row.name, namespace: row.namespace, type: row.type, ...opened };
    },
    /** The live connection a reference names (id, name and namespace only), or undefined: for checks at save. */
    async find(ref: string): Promise<{ id: string; name: string; namespace: string; type: string } | undefined> {
      const row = await findByRef(repo, ref);
      return row && { id: row.id, name: row.name, namespace: row.namespace, type: row.type };
    },
    /**
     * The connection a form body describes, unsaved, with secrets resolved: for testing the values being
     * edited. With `id`, a secret sent back masked (or left out) is the stored connection's, as on save.
     * Bad values answer 400 exactly as a save would.
     */
    async resolveInput(body: unknown, id?: string): Promise<ResolvedConnection> {
      const stored = id === undefined ? undefined : await mustGet(repo, id);
      const input = parseInput(body);
      const { definition, plain } = await validPlain(
        keys,
        repo,
        input,
        stored?.type === input.type ? stored : undefined,
      );
      const opened = await resolveValues(deps.resolveReference, definition, plain);
      return { id: stored?.id ?? '', name: input.name, namespace: input.namespace, type: definition.type, ...opened };
    },
    /**
     * Encrypts URLs stored before their embedded passwords were secrets (`postgres://u:p@…` in plain
     * text); run at start-up. Returns how many rows changed; a second run changes none.
     */
    sealEmbeddedPasswords(): Promise<number> {
      return sealEmbeddedPasswords(repo, secretBox);
    },
    /** Re-encrypts secrets written with an older key; returns how many rows changed (rotation, docs/secrets.md). */
    reencryptAll(): Promise<number> {
      return reencryptAll(repo, secretBox);
    },
  };
}

/** The connections service; other modules import it to call `resolveConnection`. */
export type ConnectionsService = ReturnType<typeof connectionsService>;

const shared = new WeakMap<object, ConnectionsService>();

/**
 * The one connections service of a database, built on first use: the keyring comes from
 * `MC_SECRET_KEY` or the key file in MC_DATA_DIR (loaded when a secret is first sealed or opened), and
 * config map / secret references are read by the value-source reader (value-sources.ts: the folder
 * `MC_SECRET_REFS_DIR`, else the cluster's API when the server runs in one, else `<MC_DATA_DIR>/refs`).
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
    resolveReference: referenceResolverFrom(valueSourceReaderFor(deps.config.MC_DATA_DIR)),
  });
  shared.set(deps.database, service);
  return service;
}
