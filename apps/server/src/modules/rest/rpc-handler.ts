import type { PreparedReads } from '@mc/db';
import type pg from 'pg';
import type { RowScope } from '../../platform/access.js';
import { isSecretColumn } from '../../platform/audit.js';
import type { EmbedScopes } from './embed-access.js';
import { COMPONENT_ARGUMENTS, RPC_READ_AS } from './exposed-resources.js';
import { invalidBody, PgrstError } from './pgrst-error.js';
import type { ParsedQuery } from './query-types.js';
import { runRead } from './read-handler.js';
import type { AcceptChoice, Preferences, RangeHeader } from './request-options.js';
import { contentType, type RestResponse } from './rest-response.js';
import type { FunctionInfo, SchemaCache, TableInfo } from './schema-cache.js';
import { rowScopeSql } from './scope-sql.js';
import { ident, SqlParams } from './sql-text.js';

/** Everything an RPC call needs. */
export interface RpcRequest {
  pool: pg.Pool;
  /**
   * Runs a read's statement prepared once its text is hot: an inlined function (related_configs_recursive)
   * is otherwise planned whole at every call. Used only for functions that are not volatile.
   */
  reads?: PreparedReads;
  cache: SchemaCache;
  fn: FunctionInfo;
  method: 'GET' | 'HEAD' | 'POST';
  query: ParsedQuery;
  body: string;
  prefs: Preferences;
  accept: AcceptChoice;
  range?: RangeHeader;
  /** When the function returns rows of an exposed table: the policy's row scopes for reading it. */
  rowScopes?: readonly RowScope[];
  /** The policy's answer for each table the select embeds. */
  embedScopes: EmbedScopes;
  /**
   * For a function with a component argument (exposed-resources `COMPONENT_ARGUMENTS`): the policy's row
   * scopes of `components` for this caller; a component outside them is answered as one with nothing.
   */
  componentScopes?: readonly RowScope[];
  /**
   * For a function read as a parent (exposed-resources `RPC_READ_AS`): the policy's row scopes of the parent
   * table for this caller; rows whose parent falls outside them are left out.
   */
  parentScopes?: readonly RowScope[];
}

/** PGRST202: no exposed function with that name and those argument names. */
export function functionNotFound(name: string, argNames: readonly string[]): PgrstError {
  const args = argNames.length === 0 ? ' without parameters' : `(${[...argNames].sort().join(', ')})`;
  return new PgrstError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${args} in the schema cache`,
    `Searched for the function public.${name}${argNames.length === 0 ? ' without parameters' : ` with parameters ${[...argNames].sort().join(', ')}`}, but no matches were found in the schema cache.`,
  );
}

function argValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && type.endsWith('[]')) return value;
  return JSON.stringify(value);
}

function callArgs(req: RpcRequest): Record<string, unknown> {
  if (req.method !== 'POST') return Object.fromEntries(req.query.extra);
  if (req.body.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(req.body);
  } catch {
    throw invalidBody();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidBody();
  return parsed as Record<string, unknown>; // a JSON object, checked just above
}

/** The result rows of a function, described like a table so select/filters/order apply to them. */
function resultTable(cache: SchemaCache, fn: FunctionInfo): TableInfo {
  const base = fn.returnTable ? cache.tables.get(fn.returnTable) : undefined;
  if (base) return { ...base, softDelete: false };
  const hidden = new Set(fn.resultColumns.filter((c) => isSecretColumn(fn.name, c.name)).map((c) => c.name));
  return {
    name: fn.name,
    isView: true,
    writable: false,
    columns: new Map(fn.resultColumns.map((c) => [c.name, c])),
    visible: fn.resultColumns.map((c) => c.name).filter((n) => !hidden.has(n)),
    hidden,
    sealed: new Set(),
    primaryKey: [],
    uniques: [],
    outgoing: [],
    incoming: [],
    softDelete: false,
  };
}

/**
 * SQL true when the component a function's argument names may be read by the caller (undefined: no such
 * argument, or a caller who may read every component).
 */
function componentGate(req: RpcRequest, args: Record<string, unknown>, params: SqlParams): string | undefined {
  const argument = COMPONENT_ARGUMENTS[req.fn.name];
  if (!argument || !req.componentScopes) return undefined;
  const components = req.cache.tables.get('components');
  if (!components) return 'FALSE';
  const value = args[argument];
  const id = params.add(value === null || value === undefined ? null : String(value));
  const scope = rowScopeSql(components, 'pgrst_c', req.componentScopes, params);
  return `EXISTS (SELECT 1 FROM "public"."components" AS pgrst_c WHERE pgrst_c."id"::text = ${id}::text AND ${scope})`;
}

/** SQL true for a result row (`pgrst_f`) whose parent the caller may read (undefined: every parent). */
function parentGate(req: RpcRequest, params: SqlParams): string | undefined {
  const readAs = RPC_READ_AS[req.fn.name];
  if (!readAs || !req.parentScopes) return undefined;
  const parent = req.cache.tables.get(readAs.table);
  if (!parent) return 'FALSE';
  const scope = rowScopeSql(parent, 'pgrst_p', req.parentScopes, params);
  return `EXISTS (SELECT 1 FROM "public".${ident(readAs.table)} AS pgrst_p WHERE pgrst_p."id" = pgrst_f.${ident(readAs.column)} AND ${scope})`;
}

/** Calls an allow-listed function with named arguments; row results are filtered, ordered and paged like a table. */
export async function runRpc(req: RpcRequest): Promise<RestResponse> {
  const { fn } = req;
  if (req.method !== 'POST' && fn.volatile) {
    throw new PgrstError(
      405,
      '25006',
      `cannot execute ${fn.name}() in a read-only transaction`,
      null,
      'Call volatile functions with POST.',
    );
  }
  const args = callArgs(req);
  const names = Object.keys(args);
  const known = new Map(fn.args.map((a) => [a.name, a]));
  const missing = fn.args.some((a) => !a.hasDefault && !(a.name in args));
  if (missing || names.some((n) => !known.has(n))) throw functionNotFound(fn.name, names);
  const params = new SqlParams();
  const argSql = names
    .map((n) => {
      const arg = known.get(n);
      const type = arg?.type ?? 'text';
      return `${ident(n)} := ${params.add(argValue(args[n], type))}::${type}`;
    })
    .join(', ');
  const called = `"public".${ident(fn.name)}(${argSql})`;
  const gate = componentGate(req, args, params);
  const gates = [gate, parentGate(req, params)].filter((sql) => sql !== undefined);
  const call = gates.length > 0 ? `(SELECT * FROM ${called} AS pgrst_f WHERE ${gates.join(' AND ')})` : called;
  if (fn.returnsRows) {
    const table = resultTable(req.cache, fn);
    return runRead({
      pool: req.pool,
      reads: fn.volatile ? undefined : req.reads,
      cache: req.cache,
      table,
      query: req.query,
      prefs: req.prefs,
      accept: req.accept,
      range: req.range,
      rowScopes: req.rowScopes,
      embedScopes: req.embedScopes,
      head: req.method === 'HEAD',
      source: { sql: call, params },
    });
  }
  const sql = fn.returnsSet
    ? `SELECT COALESCE(json_agg(pgrst_s), '[]')::text AS body FROM ${call} AS pgrst_s`
    : `SELECT (CASE WHEN ${gate ?? 'true'} THEN to_json(${called}) END)::text AS body`;
  const result = await req.pool.query<{ body: string | null }>(sql, params.values);
  const body = result.rows[0]?.body ?? 'null';
  return {
    status: 200,
    headers: { 'Content-Type': contentType({ single: false, stripNulls: false }) },
    body: req.method === 'HEAD' ? null : body,
  };
}
