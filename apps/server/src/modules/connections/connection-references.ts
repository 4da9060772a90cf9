/**
 * The save side of "naming a connection needs permission to read it" (docs/connections.md "Who may use a
 * connection"): every connection a definition names (a `connection` field at any depth, or any
 * `connection://…` value) must be readable by whoever saves it, and the row records that person in
 * `saved_by`, whose rights its runs use. Dedicated routes and `/api/db` writes call the same function.
 */
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import type { Actor } from '../../platform/request-context.js';
import { assertMayReference, savedByOf } from './connection-access.js';
import { targetOf } from './connection-endpoint.js';
import { connectionsByRef, type ReferencedConnectionRow, setSavedBy } from './saved-by.repo.js';

/** The definition tables whose rows may name connections and carry `saved_by` (migration 0160). */
export const SAVED_BY_TABLES = [
  'canaries',
  'config_scrapers',
  'topologies',
  'playbooks',
  'notifications',
  'logging_backends',
] as const;
/** One of {@link SAVED_BY_TABLES}. */
export type SavedByTable = (typeof SAVED_BY_TABLES)[number];

const REF = /^connection:\/\/([^/\s]+)\/([^/\s]+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/;
/** Deepest nesting walked: definitions are far shallower; deeper parts are not walked. */
const MAX_DEPTH = 32;

/**
 * The connection references in a definition: values of `connection` keys at any depth and any string of the
 * `connection://` form. A templated value (`{{ … }}`) cannot be known before a run: the run checks it.
 */
export function connectionRefsIn(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, key: string, depth: number) => {
    if (typeof node === 'string') {
      const text = node.trim();
      if (text.includes('{{') || text.includes('$(')) return;
      if (REF.test(text) || (key === 'connection' && (UUID.test(text) || NAME.test(text)))) found.add(text);
      return;
    }
    if (depth >= MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) for (const item of node) walk(item, key, depth + 1);
    else for (const [name, child] of Object.entries(node)) walk(child, name, depth + 1);
  };
  walk(value, '', 0);
  return [...found];
}

/** Fields that give an address beside a connection (`url` of a scraper, `endpoint` of a check, `repo.apiUrl`…). */
const ADDRESS_FIELDS = ['url', 'endpoint', 'host', 'apiUrl'] as const;

/** An address a definition gives beside a connection it names, with the field's name. */
interface AddressBeside {
  ref: string;
  field: string;
  target: string;
}

const staticText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && !value.includes('{{') && !value.includes('$(');

/** The objects of a definition that name a connection and give an address of their own beside it. */
export function addressesBeside(value: unknown): AddressBeside[] {
  const found: AddressBeside[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth >= MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>; // a non-array object
    if (staticText(record.connection)) {
      for (const field of ADDRESS_FIELDS) {
        const target = record[field];
        if (staticText(target)) found.push({ ref: record.connection.trim(), field, target: target.trim() });
      }
    }
    for (const child of Object.values(record)) walk(child, depth + 1);
  };
  walk(value, 0);
  return found;
}

/** Sealed values start so (platform/secrets.ts); their host cannot be read without the key. */
const SEALED = 'mcenc:';

/** The live connections a reference may mean: an id's, a `connection://` form's, or every one of a bare name. */
async function connectionsNamed(db: Kysely<Tables>, ref: string): Promise<ReferencedConnectionRow[]> {
  const match = REF.exec(ref);
  return connectionsByRef(
    db,
    match
      ? { typeOrNamespace: match[1] as string, name: match[2] as string } // both groups always match
      : UUID.test(ref)
        ? { id: ref }
        : { name: ref },
  );
}

/**
 * Throws 403 naming the first connection `definition` names that `actor` may not read, then 400 naming the
 * field when an address given beside a connection is not on the connection's endpoint (connection-endpoint.ts)
 * — what a save can know; a sealed URL, a templated value or a bare name that some connection fits is left
 * to the run, which always checks.
 */
export async function assertMayReferenceAll(db: Kysely<Tables>, actor: Actor, definition: unknown): Promise<void> {
  for (const ref of connectionRefsIn(definition)) {
    for (const connection of await connectionsNamed(db, ref)) await assertMayReference(db, actor, connection);
  }
  for (const { ref, field, target } of addressesBeside(definition)) {
    const readable = (await connectionsNamed(db, ref)).filter((connection) => !connection.url?.startsWith(SEALED));
    const problems = readable.flatMap((connection) => {
      try {
        targetOf(connection, target, field);
        return [];
      } catch (error) {
        return [error];
      }
    });
    if (readable.length > 0 && problems.length === readable.length) throw problems[0];
  }
}

/**
 * The check and the record of a save by `actor` of row `id` of `table` whose content is `definition`:
 * refuses (403) a connection the actor may not read, then sets `saved_by` (null for the system).
 */
export async function recordSaver(
  db: Kysely<Tables>,
  change: { table: SavedByTable; id: string; actor: Actor; definition: unknown },
): Promise<void> {
  await assertMayReferenceAll(db, change.actor, change.definition);
  await setSavedBy(db, change.table, change.id, savedByOf(change.actor));
}
