import { connectPostgres, type Database, preparedReads } from '@mc/db';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.js';
import { runRead } from './read-handler.js';
import { negotiateAccept, parsePrefer } from './request-options.js';
import { loadSchemaCache, type SchemaCache } from './schema-cache.js';

const CHECK = '01a2520c-540e-348e-5620-e5b3d7d643dd';

/**
 * The history page prepared on one connection gets PostgreSQL's generic plan: its page bounds are part
 * of the statement's text, so the planner sees the page size and plans once, not at every execution.
 */
describe.runIf(testEngine() === 'postgres')('a prepared data-API page', () => {
  let target: { url: string; drop: () => Promise<void> };
  let database: Database;
  let cache: SchemaCache;
  beforeAll(async () => {
    target = await createPostgresTestUrl();
    database = connectPostgres(target.url, { max: 1 });
    cache = await loadSchemaCache(database.pool);
  });
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it('is planned once and reused with its page bounds as literals', async () => {
    const table = cache.tables.get('check_statuses');
    if (!table) throw new Error('check_statuses is not exposed');
    const reads = preparedReads(database);
    const read = (offset: number) =>
      runRead({
        pool: database.pool,
        reads,
        cache,
        table,
        query: parseQuery(
          new URLSearchParams(
            `check_id=eq.${CHECK}&status=eq.true&duration=gte.40&order=time.desc&limit=50&offset=${offset}`,
          ),
        ),
        prefs: parsePrefer(undefined),
        accept: negotiateAccept(undefined),
        embedScopes: new Map([...cache.tables.keys()].map((name) => [name, undefined])),
        head: false,
      });
    for (let i = 0; i < 8; i++) expect((await read(0)).body).toBe('[]');
    expect((await read(50)).headers['Content-Range']).toBe('*/*');
    const { rows } = await database.pool.query<{ statement: string; generic_plans: string }>(
      "SELECT statement, generic_plans FROM pg_prepared_statements WHERE name LIKE 'mc\\_%'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.statement).toContain('LIMIT 50 OFFSET 0');
    expect(Number(rows[0]?.generic_plans)).toBeGreaterThan(0);
  });
});
