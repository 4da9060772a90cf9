import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../testing/index.js';
import { openEmbedded } from './embedded-database.js';

describe.skipIf(testEngine() === 'postgres')('embedded wire server after errors', () => {
  it('a connection replaced after an error meets none of its statements: no "already exists", none left behind', async () => {
    const database = await openEmbedded(mkdtempSync(join(tmpdir(), 'mc-wire-')));
    const named = (n: number) =>
      database.pool.query<{ n: number }>({ name: 'probe', text: 'SELECT $1::int AS n', values: [n] });
    try {
      for (let i = 0; i < 20; i++) {
        expect((await named(i)).rows[0]?.n).toBe(i);
        // pg's pool ends a client after any query error and opens a new connection on next use
        await expect(database.pool.query('SELECT $1::uuid', ['notauuid'])).rejects.toThrow(/invalid input syntax/);
      }
      expect((await named(99)).rows[0]?.n).toBe(99);
      const { rows } = await database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_prepared_statements',
      );
      expect(rows[0]?.n).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
    }
  });
});
