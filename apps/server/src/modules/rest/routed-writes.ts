import { isDeepStrictEqual } from 'node:util';
import { permissionInputSchema } from '@mc/contracts';
import { PgrstError } from './pgrst-error.js';
import type { JsonRecord } from './write-body.js';
import { parseWriteBody } from './write-body.js';

/**
 * A table whose writes through `/api/db` are made by its dedicated route, so they take effect under
 * that route's rules exactly (its permission guard, validation, audit and effects), as the upstream
 * console sends them (issue 29, class 5). See docs/data-api.md, "Writes made by their route".
 */
export interface RoutedTable {
  /** The route's path for one row (PATCH updates, DELETE removes). */
  item: (id: string) => string;
  /** The route that creates a row (POST); none: a POST answers 405 naming `createVia`. */
  create?: string;
  createVia?: string;
  /** The body fields the route reads. */
  fields: readonly string[];
  /** The route's PATCH replaces every field (the stored ones are sent with the changed ones). */
  replaces: boolean;
  /** Columns the route sets to the caller (a body may repeat the caller's own id, nothing else). */
  byCaller: readonly string[];
  /** Keys a soft delete may carry that become the route's query (`cleanup` → `?cleanup=true`). */
  deleteFlags: readonly string[];
  /** Maps the upstream console's spelling of a body onto the route's (before any other rule). */
  translate?: (body: JsonRecord) => JsonRecord;
}

/** One call of a dedicated route that a write through `/api/db` becomes. */
export interface RouteCall {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: JsonRecord;
  /** The row's id when known before the call (PATCH, DELETE). */
  id?: string;
  /** The write removes the row (the answer reads it with its `deleted_at`). */
  removes: boolean;
}

const SUBJECT_COLUMNS: Readonly<Record<string, string>> = {
  person: 'person_id',
  team: 'team_id',
  notification: 'notification_id',
};

/**
 * Upstream's permission form names its subject as `subject` + `subject_type`; the route names it by
 * column. A subject kind this server does not grant to (a group, a role, a playbook) is a 400 naming it.
 */
function permissionSubject(body: JsonRecord): JsonRecord {
  if (typeof body.subject !== 'string' || body.subject === '') return body;
  const type = String(body.subject_type ?? '');
  const column = SUBJECT_COLUMNS[type];
  if (!column) {
    throw new PgrstError(
      400,
      'P0001',
      `subject_type '${type}' is not granted to here: a permission names a person, a team or a notification (POST /api/permissions)`,
    );
  }
  const { subject, subject_type: _type, ...rest } = body;
  const out: JsonRecord = { ...rest, person_id: null, team_id: null, notification_id: null };
  out[column] = subject;
  return out;
}

/** The tables written by their route, by name (exposed-resources.ts keeps them read-only for the engine). */
export const ROUTED_TABLES: Readonly<Record<string, RoutedTable>> = {
  permissions: {
    item: (id) => `/api/permissions/${encodeURIComponent(id)}`,
    create: '/api/permissions',
    fields: Object.keys(permissionInputSchema.shape),
    replaces: true,
    byCaller: ['created_by', 'updated_by'],
    deleteFlags: [],
    translate: permissionSubject,
  },
  agents: {
    item: (id) => `/api/agents/${encodeURIComponent(id)}`,
    createVia: 'POST /api/agent/generate (it issues the token)',
    fields: ['properties', 'description'],
    replaces: false,
    byCaller: [],
    deleteFlags: ['cleanup'],
  },
};

/** The one row a PATCH or DELETE names: exactly `id=eq.<id>`, besides `select` (nothing else is honoured). */
export function routedRowId(table: string, method: string, search: URLSearchParams): string | undefined {
  let id: string | undefined;
  for (const [key, value] of search) {
    if (key === 'select') continue;
    if (method !== 'POST' && key === 'id' && value.startsWith('eq.') && id === undefined) {
      id = value.slice(3);
      continue;
    }
    throw new PgrstError(
      400,
      'PGRST100',
      `Writes to ${table} through /api/db name one row by id=eq.<id> and take no other parameter (got '${key}'): they are made by its route`,
    );
  }
  if (method !== 'POST' && id === undefined) {
    throw new PgrstError(400, 'PGRST100', `Writes to ${table} through /api/db name one row by id=eq.<id>`);
  }
  return id;
}

function notAccepted(table: string, key: string, route: string): PgrstError {
  return new PgrstError(
    400,
    'P0001',
    `Column '${key}' of ${table} is not written through /api/db (it is set by ${route}); send it unchanged or leave it out`,
  );
}

/**
 * Splits a body into the route's fields, refusing any other key that would change the row: a column the
 * route sets to the caller may repeat the caller's id, any other must equal the stored value (a whole row
 * sent back) or, on a create, be empty.
 */
function routeFields(
  table: string,
  spec: RoutedTable,
  body: JsonRecord,
  stored: JsonRecord | undefined,
  caller: string | null,
  route: string,
): JsonRecord {
  const fields: JsonRecord = {};
  for (const [key, value] of Object.entries(body)) {
    if (spec.fields.includes(key)) fields[key] = value;
    else if (spec.byCaller.includes(key) && (value === null || value === caller)) continue;
    else if (stored ? !isDeepStrictEqual(stored[key], value) : value !== null && value !== '') {
      throw notAccepted(table, key, route);
    }
  }
  return fields;
}

/** Keeps only the route's fields of a stored row. */
function pick(row: JsonRecord, fields: readonly string[]): JsonRecord {
  return Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
}

/**
 * The route call a POST, PATCH or DELETE through `/api/db` becomes. `stored` is the row as the caller
 * reads it (PATCH and DELETE; undefined when it reads none: the route then answers its 404).
 */
export function routeCallOf(
  table: string,
  spec: RoutedTable,
  method: 'POST' | 'PATCH' | 'DELETE',
  id: string | undefined,
  bodyText: string,
  stored: JsonRecord | undefined,
  caller: string | null,
): RouteCall {
  if (method === 'DELETE') return { method: 'DELETE', path: spec.item(id ?? ''), id, removes: true };
  if (method === 'POST' && !spec.create) {
    throw new PgrstError(405, '42501', `${table} are created by ${spec.createVia ?? 'their route'}`);
  }
  const rows = parseWriteBody(bodyText, method === 'POST');
  if (rows.length !== 1) throw new PgrstError(400, 'PGRST102', `${table} are written one at a time through /api/db`);
  const raw = rows[0] as JsonRecord;
  const body = spec.translate ? spec.translate(raw) : raw;
  if (method === 'POST') {
    const route = `POST ${spec.create}`;
    return {
      method: 'POST',
      path: spec.create as string,
      body: routeFields(table, spec, body, undefined, caller, route),
      removes: false,
    };
  }
  const path = spec.item(id ?? '');
  if (body.deleted_at !== undefined && body.deleted_at !== null) {
    const { deleted_at: _at, ...rest } = body;
    const flags = spec.deleteFlags.filter((flag) => rest[flag] === true);
    for (const flag of spec.deleteFlags) delete rest[flag];
    const changed = routeFields(table, spec, rest, stored ?? {}, caller, `DELETE ${path}`);
    if (Object.keys(changed).some((k) => stored && !isDeepStrictEqual(stored[k], changed[k])))
      throw new PgrstError(400, 'P0001', `A soft delete of ${table} through /api/db changes nothing else`);
    const query = flags.map((flag) => `${flag}=true`).join('&');
    return { method: 'DELETE', path: query ? `${path}?${query}` : path, id, removes: true };
  }
  // sent even when nothing changes, so the route's guard judges every PATCH (and re-validates the row)
  const fields = routeFields(table, spec, body, stored ?? {}, caller, `PATCH ${path}`);
  const sent = spec.replaces && stored ? { ...pick(stored, spec.fields), ...fields } : fields;
  return { method: 'PATCH', path, body: sent, id, removes: false };
}
