import type pg from 'pg';

/** Where notification statements run: the pool, or one client holding a transaction. */
export type Sql = pg.Pool | pg.PoolClient;
