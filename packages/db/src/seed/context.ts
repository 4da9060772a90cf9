import type pg from 'pg';
import type { SeedSizes } from './sizes.js';

/** The local agent's id: agent_id columns default to it. */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * State shared by the seed steps of one batch. Ids of the batch are computed in SQL from a kind and an
 * index (see {@link idSql}), so a child row finds its parent by arithmetic instead of a lookup, and the
 * whole batch is generated server-side with `INSERT … SELECT … FROM generate_series(…)`.
 */
export interface SeedContext {
  client: pg.PoolClient;
  sizes: SeedSizes;
  /** 12 hex digits: the batch's start in milliseconds, the time part of every id of the batch (ULID layout). */
  prefix: string;
  /** Suffix for unique names: empty for the first batch, `-b2`, `-b3`… afterwards. */
  tag: string;
  /** Start of the batch; generated timestamps are relative to it. */
  now: Date;
  /** Live demo people (core set first), teams and agents, for the steps to reference by index. */
  people: string[];
  teams: string[];
  agents: string[];
}

/** The id prefix for a batch started at `now`: milliseconds since the epoch as 12 hex digits. */
export function idPrefix(now: Date): string {
  return now.getTime().toString(16).padStart(12, '0');
}

/** Every kind of generated row; its position is the 16-bit kind code inside the id. */
const KINDS = [
  'person',
  'team',
  'agent',
  'canary',
  'check',
  'scraper',
  'config',
  'change',
  'analysis',
  'topology',
  'component',
  'incident',
  'responder',
  'team-responder',
  'hypothesis',
  'hypothesis-f',
  'hypothesis-s',
  'evidence',
  'comment',
  'history',
  'history-h',
  'history-s',
  'playbook',
  'run',
  'action',
  'approval',
  'notification',
  'send',
  'silence',
  'connection',
  'integration',
  'logs',
  'permission',
  'job',
  'event',
  'event-id',
  'transition',
];

/**
 * SQL for the id of row `index` (an SQL expression) of `kind` in this batch, in the ULID layout: the
 * batch's 48-bit time prefix, a 16-bit kind code, then the index as 64 bits. Ids of one kind are
 * therefore ascending, so primary-key indexes fill append-only at benchmark sizes. `$1` is the prefix.
 */
export function idSql(kind: string, index: string): string {
  const code = KINDS.indexOf(kind) + 1;
  if (code === 0) throw new Error(`Unknown seed kind ${kind}`);
  return `($1::text || '${code.toString(16).padStart(4, '0')}' || lpad(to_hex((${index})::bigint), 16, '0'))::uuid`;
}

/** SQL picking element `1 + (index mod length)` of an array parameter. */
export function pickSql(arrayParam: string, index: string): string {
  return `(${arrayParam})[1 + ((${index}) % cardinality(${arrayParam}))]`;
}

/** The lowest and highest id of a batch, to select its rows by primary-key range. */
export function batchIdRange(prefix: string): [string, string] {
  return [`${prefix}00000000000000000000`, `${prefix}ffffffffffffffffffff`];
}

/** Runs a statement, returning the affected row count. */
export async function exec(ctx: SeedContext, sql: string, params: unknown[] = []): Promise<number> {
  const result = await ctx.client.query(sql, [ctx.prefix, ...params]);
  return result.rowCount ?? 0;
}
