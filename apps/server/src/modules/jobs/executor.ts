import type { Tables } from '@mc/db';
import { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Anything a queue statement can run on: the pool, a client inside the caller's transaction, or a
 * Kysely instance or transaction. Passing the caller's transaction makes an enqueue commit or roll
 * back with the caller's own writes.
 */
export type Executor = pg.Pool | pg.PoolClient | pg.Client | Kysely<Tables>;

/** Runs one parameterised statement on any {@link Executor} and returns its rows. */
export async function runQuery<R>(executor: Executor, text: string, values: unknown[] = []): Promise<R[]> {
  if (executor instanceof Kysely) {
    const result = await executor.executeQuery<R>(CompiledQuery.raw(text, values));
    return result.rows;
  }
  const result = await executor.query(text, values);
  return result.rows as R[]; // pg types rows loosely; each caller names the columns it selects
}
