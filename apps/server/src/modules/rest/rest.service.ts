import { type Database, type PreparedReads, preparedReads } from '@mc/db';
import type { DataAccessPolicy, DataAction, RowScope } from '../../platform/access.js';
import type { Actor } from '../../platform/request-context.js';
import type { CountSource } from './count-sources.js';
import { type EmbedScopes, embeddedTables } from './embed-access.js';
import { COMPONENT_ARGUMENTS, type ExposedTable, RPC_READ_AS } from './exposed-resources.js';
import { parentReadScopes } from './parent-reads.js';
import { parseQuery } from './parse-query.js';
import { PgrstError, unknownTable } from './pgrst-error.js';
import type { SelectItem } from './query-types.js';
import { runRead } from './read-handler.js';
import { negotiateAccept, parsePrefer, parseRange } from './request-options.js';
import type { RestResponse } from './rest-response.js';
import { functionNotFound, runRpc } from './rpc-handler.js';
import type { TableInfo } from './schema-cache.js';
import { loadSchemaCache, type SchemaCache } from './schema-cache.js';
import { type RowCheck, runWrite, type WriteHook } from './write-handler.js';

/** One HTTP request to `/api/db`, reduced to what the data API reads. */
export interface RestRequest {
  method: string;
  /** Table name, or function name for RPC. */
  name: string;
  search: URLSearchParams;
  header(name: string): string | undefined;
  body(): Promise<string>;
  actor: Actor;
  requestId: string;
}

const ACTIONS: Readonly<Record<string, DataAction>> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PATCH: 'update',
  DELETE: 'delete',
};

function checkProfile(req: RestRequest): void {
  const profile = req.header('accept-profile') ?? req.header('content-profile');
  if (profile !== undefined && profile !== 'public') {
    throw new PgrstError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      'Only the following schemas are exposed: public',
    );
  }
}

/**
 * The data API: resolves the resource on the allow-list, asks the access policy, then runs the
 * read, write or RPC. The schema cache is loaded on first use and reloadable.
 */
export class RestService {
  private cache: Promise<SchemaCache> | undefined;
  /** Pages of tables and read functions, prepared once their text is hot (planning was most of a page's cost). */
  private readonly reads: PreparedReads;

  constructor(
    private readonly database: Database,
    private readonly policy: DataAccessPolicy,
    private readonly extraFunctions: readonly string[] = [],
    private readonly checkRow?: RowCheck,
    private readonly hooks: Readonly<Record<string, WriteHook>> = {},
    private readonly exposedTables?: Readonly<Record<string, ExposedTable>>,
    private readonly countSources: Readonly<Record<string, CountSource>> = {},
  ) {
    this.reads = preparedReads(database);
  }

  /** The schema cache (loaded once; {@link reload} re-reads it after a migration). */
  schema(): Promise<SchemaCache> {
    if (!this.cache) {
      this.cache = loadSchemaCache(this.database.pool, this.extraFunctions, this.exposedTables);
      this.cache.catch(() => {
        this.cache = undefined;
      });
    }
    return this.cache;
  }

  reload(): Promise<SchemaCache> {
    this.cache = undefined;
    return this.schema();
  }

  private async authorize(
    req: RestRequest,
    table: string,
    action: DataAction,
  ): Promise<readonly RowScope[] | undefined> {
    const decision = await this.policy({ actor: req.actor, table, action });
    if (!decision.allow) throw new PgrstError(decision.status, '42501', decision.message);
    return decision.rowScopes;
  }

  /**
   * The row scopes of a read of `name`, refused as the policy refuses it. A table read under its parents'
   * rules (exposed-resources `readAs`) is never asked about itself: the policy is asked about each parent
   * table, and the rows are those of parents it lets the caller read (parent-reads.ts).
   */
  private async authorizeRead(
    req: RestRequest,
    cache: SchemaCache,
    name: string,
  ): Promise<readonly RowScope[] | undefined> {
    const table = cache.tables.get(name);
    if (!table?.readAs) return this.authorize(req, name, 'read');
    return parentReadScopes(cache, table, (parent) => this.policy({ actor: req.actor, table: parent, action: 'read' }));
  }

  /** The row scopes of a read of `table` by this caller (undefined when they may read every row, or none). */
  private async readScopes(req: RestRequest, table: string): Promise<readonly RowScope[] | undefined> {
    const decision = await this.policy({ actor: req.actor, table, action: 'read' });
    return decision.allow ? decision.rowScopes : undefined;
  }

  /**
   * Asks the policy about every table the select tree embeds, as a read of its own: a refused one
   * refuses the request (its status and message), an allowed one brings its row scopes.
   */
  private async authorizeEmbeds(
    req: RestRequest,
    cache: SchemaCache,
    table: TableInfo,
    select: readonly SelectItem[],
  ): Promise<EmbedScopes> {
    const scopes = new Map<string, readonly RowScope[] | undefined>();
    for (const name of embeddedTables(cache, table, select))
      scopes.set(name, await this.authorizeRead(req, cache, name));
    return scopes;
  }

  /** `/api/db/{table}`: GET/HEAD read, POST insert/upsert, PATCH update, DELETE delete. */
  async handleTable(req: RestRequest): Promise<RestResponse> {
    const cache = await this.schema();
    const table = cache.tables.get(req.name);
    if (!table) throw unknownTable(req.name);
    const action = ACTIONS[req.method];
    if (!action) throw new PgrstError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
    checkProfile(req);
    const rowScopes =
      action === 'read'
        ? await this.authorizeRead(req, cache, table.name)
        : await this.authorize(req, table.name, action);
    const query = parseQuery(req.search);
    const prefs = parsePrefer(req.header('prefer'));
    const accept = negotiateAccept(req.header('accept'), action === 'read');
    const embedScopes = await this.authorizeEmbeds(req, cache, table, query.select);
    if (action === 'read') {
      const range = parseRange(req.header('range'), req.header('range-unit'));
      const head = req.method === 'HEAD';
      return runRead({
        pool: this.database.pool,
        reads: this.reads,
        cache,
        table,
        query,
        prefs,
        accept,
        range,
        rowScopes,
        embedScopes,
        head,
        countSource: this.countSources[table.name],
      });
    }
    return runWrite({
      method: req.method === 'POST' ? 'POST' : req.method === 'PATCH' ? 'PATCH' : 'DELETE',
      database: this.database,
      cache,
      table,
      query,
      prefs,
      accept,
      body: await req.body(),
      rowScopes,
      readScopes: prefs.return === 'representation' ? await this.readScopes(req, table.name) : undefined,
      embedScopes,
      actor: req.actor,
      requestId: req.requestId,
      checkRow: this.checkRow,
      hook: this.hooks[table.name],
    });
  }

  /** `/api/db/rpc/{fn}`: GET/HEAD with query arguments, POST with a JSON object of named arguments. */
  async handleRpc(req: RestRequest): Promise<RestResponse> {
    const cache = await this.schema();
    const fn = cache.functions.get(req.name);
    if (!fn) throw functionNotFound(req.name, []);
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
      throw new PgrstError(405, 'PGRST101', `Cannot use the ${req.method} method on RPC`);
    }
    checkProfile(req);
    const readAs = RPC_READ_AS[fn.name];
    // a function read as a parent is asked about that parent: its row scopes keep the rows of readable parents
    const callScopes = await this.authorize(req, readAs ? readAs.table : `rpc/${fn.name}`, 'read');
    const query = parseQuery(req.search, new Set(fn.args.map((a) => a.name)));
    const range = parseRange(req.header('range'), req.header('range-unit'));
    // Rows of an exposed table are read like that table: its permission, deny rows and row scopes.
    const rowsOf = fn.returnTable ? cache.tables.get(fn.returnTable) : undefined;
    const rowScopes = rowsOf ? await this.authorizeRead(req, cache, rowsOf.name) : undefined;
    const embedScopes = rowsOf ? await this.authorizeEmbeds(req, cache, rowsOf, query.select) : new Map();
    const componentScopes = COMPONENT_ARGUMENTS[fn.name] ? await this.authorize(req, 'components', 'read') : undefined;
    return runRpc({
      componentScopes,
      parentScopes: readAs ? callScopes : undefined,
      rowScopes,
      embedScopes,
      pool: this.database.pool,
      reads: this.reads,
      cache,
      fn,
      method: req.method,
      query,
      body: req.method === 'POST' ? await req.body() : '',
      prefs: parsePrefer(req.header('prefer')),
      accept: negotiateAccept(req.header('accept'), fn.returnsRows),
      range,
    });
  }
}
