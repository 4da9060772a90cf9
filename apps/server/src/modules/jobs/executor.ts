import type { PreparedReads, Tables } from '@mc/db';
import { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Anything a queue statement can run on: the pool, a client inside the caller's transaction, a
 * Kysely instance or transaction, or the pool's prepared statements (@mc/db's preparedReadsOf: a
 * worker's claim and attempt-end statements, sent with the same text for every job). Passing the
 * caller's transaction makes an enqueue commit or roll back with the caller's own writes.
 */
export type Executor = pg.Pool | pg.PoolClient | pg.Client | Kysely<Tables> | PreparedReads;

/** Runs one parameterised statement on any {@link Executor} and returns its rows. */
export async function runQuery<R>(executor: Executor, text: string, values: unknown[] = []): Promise<R[]> {
  if (executor instanceof Kysely) {
    const result = await executor.executeQuery<R>(CompiledQuery.raw(text, values));
    return result.rows;
  }
  // Each member's query(text, values) answers a pg.QueryResult; the union's overloads do not unify.
  const result = await (executor as Pick<PreparedReads, 'query'>).query(text, values);
  return result.rows as R[]; // pg types rows loosely; each caller names the columns it selects
}
