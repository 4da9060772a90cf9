import type { Database, Tables } from '@mc/db';
import { CompiledQuery, type Transaction } from 'kysely';
import type { RowScope } from '../../platform/access.js';
import { type AuditRecord, recordAuditIn } from '../../platform/audit.js';
import type { Actor } from '../../platform/request-context.js';
import type { EmbedScopes } from './embed-access.js';
import { PgrstError, singularityError } from './pgrst-error.js';
import type { ParsedQuery } from './query-types.js';
import { type BuildContext, planLevel } from './read-builder.js';
import { readerSource } from './reader-sources.js';
import type { AcceptChoice, Preferences } from './request-options.js';
import { contentRange, contentType, type RestResponse, unwrapSingle } from './rest-response.js';
import type { SchemaCache, TableInfo } from './schema-cache.js';
import { ident, SqlParams } from './sql-text.js';
import { type JsonRecord, parseWriteBody, writeColumns } from './write-body.js';
import { deleteCte, insertCte, updateCte, upsertBeforeSql, WRITE_ALIAS, type WriteInput } from './write-builder.js';

/** Everything a POST/PATCH/DELETE needs. */
export interface WriteRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  database: Database;
  cache: SchemaCache;
  table: TableInfo;
  query: ParsedQuery;
  prefs: Preferences;
  accept: AcceptChoice;
  body: string;
  rowScopes?: readonly RowScope[];
  /** The policy's row scopes for reading the table: what the representation may show of the written rows. */
  readScopes?: readonly RowScope[];
  /** The policy's answer for each table the representation embeds. */
  embedScopes: EmbedScopes;
  actor: Actor;
  requestId: string;
  checkRow?: RowCheck;
  /** The hook of the written table, if its area has one (see {@link WriteHook}). */
  hook?: WriteHook;
}

/** One write through the data API as a table's hook sees it, inside the write's transaction. */
export interface WriteChange {
  table: string;
  action: 'create' | 'update' | 'delete' | 'upsert';
  actor: Actor;
  requestId: string;
  /** Each changed row: its image before (null: inserted) and after (null: deleted). */
  images: readonly [JsonRecord | null, JsonRecord | null][];
  trx: Transaction<Tables>;
}

/**
 * What an area does when its table is written through `/api/db`, in the same transaction: apply the
 * effect the dedicated route would (schedule a canary), or enforce its rules (admin only for security
 * properties). Throwing rolls the whole write back; a {@link PgrstError} is answered as it is.
 */
export type WriteHook = (change: WriteChange) => Promise<void>;

/**
 * A table-specific rule on written rows that a column type cannot express (a spec matching its JSON
 * schema): the problem in words, or undefined. A problem refuses the write as a check violation.
 */
export type RowCheck = (table: string, row: Readonly<JsonRecord>) => string | undefined;

function checkRows(req: WriteRequest, rows: readonly JsonRecord[]): void {
  for (const row of rows) {
    const problem = req.checkRow?.(req.table.name, row);
    if (problem) throw new PgrstError(400, '23514', problem);
  }
}

interface MutationResult {
  body: string;
  images: [JsonRecord | null, JsonRecord | null][];
  affected: number;
}

/**
 * The select list of the answer, over the mutated rows (root filters/order do not apply to it), read as the
 * writer may read them (reader-sources.ts: no value computed from a component hidden from them).
 */
function representationSql(req: WriteRequest, params: SqlParams): string {
  const nodes = new Map(req.query.nodes);
  nodes.set('', { conditions: [] });
  const ctx: BuildContext = {
    cache: req.cache,
    query: { ...req.query, nodes },
    params,
    nextAlias: 0,
    embedScopes: req.embedScopes,
  };
  const plan = planLevel(ctx, req.table, WRITE_ALIAS, '', req.query.select, []);
  const body = req.accept.stripNulls ? 'json_strip_nulls(json_agg(pgrst_t))' : 'json_agg(pgrst_t)';
  const from = readerSource(req.table, req.readScopes ?? req.rowScopes, params, 'pgrst_mut').from;
  return `SELECT COALESCE(${body}, '[]')::text FROM (SELECT ${plan.selectList} FROM ${from} AS ${ident(WRITE_ALIAS)}) pgrst_t`;
}

/**
 * New rows must fall inside the row scopes. A component-subtree scope is judged by the id the row names
 * alone (its ancestors are not known before it is stored), so a scoped insert may only name a granted
 * component, and one naming a denied component is refused.
 */
function checkInsertScope(table: TableInfo, rows: readonly JsonRecord[], scopes: readonly RowScope[]): void {
  const keep = scopes.filter((s) => !s.exclude);
  const drop = scopes.filter((s) => s.exclude);
  const named = (row: JsonRecord, s: RowScope) => {
    const value = row[s.column];
    return value !== undefined && value !== null && s.values.includes(String(value));
  };
  for (const row of rows) {
    const kept = keep.length > 0 ? keep.some((s) => named(row, s)) : drop.length > 0;
    const inside = kept && !drop.some((s) => named(row, s));
    if (!inside) {
      throw new PgrstError(403, '42501', `new row violates row-level security policy for table "${table.name}"`);
    }
  }
}

function recordId(table: TableInfo, image: JsonRecord | null): string | null {
  if (!image || table.primaryKey.length === 0) return null;
  return table.primaryKey.map((k) => String(image[k] ?? '')).join(',');
}

function keyOf(image: JsonRecord, keys: readonly string[]): string {
  return JSON.stringify(keys.map((k) => image[k] ?? null));
}

/**
 * Runs a write in one transaction: (upsert: lock and read the rows it may overwrite), the mutation with
 * its before/after images, the answer's JSON, the table's hook and one audit row. Any failure rolls all
 * of it back.
 */
export async function runWrite(req: WriteRequest): Promise<RestResponse> {
  const { table, query, prefs } = req;
  if (!table.writable) {
    if (table.writeVia) {
      throw new PgrstError(405, '42501', `${table.name} cannot be written through /api/db: ${table.writeVia}`);
    }
    throw new PgrstError(405, '42501', `permission denied for table ${table.name}`);
  }
  const params = new SqlParams();
  const input: WriteInput = { cache: req.cache, table, query, params, rowScopes: req.rowScopes };
  let cte: string;
  let rows: JsonRecord[] = [];
  let action: WriteChange['action'] = req.method === 'POST' ? 'create' : req.method === 'PATCH' ? 'update' : 'delete';
  if (req.method !== 'POST' && (query.nodes.get('')?.conditions.length ?? 0) === 0) {
    const verb = req.method === 'PATCH' ? 'UPDATE' : 'DELETE';
    throw new PgrstError(400, '21000', `${verb} requires a WHERE clause`);
  }
  if (req.method === 'POST') {
    rows = parseWriteBody(req.body, true);
    if (rows.length === 0) {
      const empty = prefs.return === 'representation' ? '[]' : null;
      return { status: 201, headers: { 'Content-Range': '*/*', 'Content-Type': contentType(req.accept) }, body: empty };
    }
    if (req.rowScopes) checkInsertScope(table, rows, req.rowScopes);
    checkRows(req, rows);
    if (prefs.resolution) action = 'upsert';
    cte = insertCte(input, rows, writeColumns(table, rows, query.columns), prefs);
  } else if (req.method === 'PATCH') {
    const [values] = parseWriteBody(req.body, false);
    const columns = writeColumns(table, values ? [values] : [], query.columns);
    if (!values || columns.length === 0) return { status: 204, headers: {}, body: null };
    checkRows(req, [values]);
    cte = updateCte(input, values, columns);
  } else {
    cte = deleteCte(input);
  }
  const wantBody = prefs.return === 'representation';
  const bodySql = wantBody ? `(${representationSql(req, params)})` : `'[]'`;
  const sql =
    `WITH pgrst_mut AS (${cte}) SELECT ${bodySql} AS body, ` +
    `(SELECT COALESCE(json_agg(json_build_array(pgrst_before, pgrst_after)), '[]')::text FROM pgrst_mut) AS images, ` +
    `(SELECT count(*) FROM pgrst_mut)::int AS affected`;
  const result = await req.database.db.transaction().execute(async (trx): Promise<MutationResult> => {
    const run = <R>(text: string, values: readonly unknown[]) =>
      trx.executeQuery<R>(CompiledQuery.raw(text, [...values]));
    const before = new Map<string, JsonRecord>();
    let keys: string[] = [];
    if (action === 'upsert' && prefs.resolution === 'merge-duplicates') {
      const pre = upsertBeforeSql(table, query.onConflict, rows);
      keys = pre.keys;
      const locked = await run<{ before: JsonRecord }>(pre.text, pre.values);
      for (const r of locked.rows) before.set(keyOf(r.before, keys), r.before);
    }
    const out = await run<{ body: string; images: string; affected: number }>(sql, params.values);
    const row = out.rows[0];
    const mutation: MutationResult = {
      body: row?.body ?? '[]',
      images: JSON.parse(row?.images ?? '[]') as MutationResult['images'], // built by json_agg just above
      affected: row?.affected ?? 0,
    };
    if (req.accept.single && mutation.affected !== 1) throw singularityError(mutation.affected);
    if (mutation.affected > 0) {
      const images = mutation.images.map(([b, a]): [JsonRecord | null, JsonRecord | null] => [
        b ?? (a && keys.length > 0 ? (before.get(keyOf(a, keys)) ?? null) : null),
        a,
      ]);
      await req.hook?.({
        table: table.name,
        action,
        actor: req.actor,
        requestId: req.requestId,
        images,
        trx,
      });
      const records: AuditRecord[] = images.map(([prior, a]) => ({
        id: recordId(table, a ?? prior),
        before: prior,
        after: a,
      }));
      await recordAuditIn(trx, { actor: req.actor, action, target: table.name, requestId: req.requestId, records });
    }
    return mutation;
  });
  const headers: Record<string, string> = {};
  const total = prefs.count === 'exact' ? result.affected : undefined;
  headers['Content-Range'] = req.method === 'POST' ? `*/${total ?? '*'}` : contentRange(0, result.affected, total);
  const applied = Object.entries(prefs).map(([k, v]) => `${k}=${v}`);
  if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ');
  const created = req.method === 'POST' ? 201 : 200;
  if (prefs.return === 'headers-only' && req.method === 'POST') {
    const [, after] = result.images[0] ?? [null, null];
    if (after && result.affected === 1 && table.primaryKey.length > 0) {
      const filters = table.primaryKey.map(
        (k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(after[k]))}`,
      );
      headers.Location = `/${table.name}?${filters.join('&')}`;
    }
    return { status: 201, headers, body: null };
  }
  if (!wantBody) return { status: req.method === 'POST' ? 201 : 204, headers, body: null };
  headers['Content-Type'] = contentType(req.accept);
  return { status: created, headers, body: req.accept.single ? unwrapSingle(result.body) : result.body };
}
