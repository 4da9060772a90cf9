import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../data-dir-lock.js';
import { migrate } from '../migrate.js';
import { testEngine } from '../testing/index.js';
import { openEmbedded } from './embedded-database.js';

describe.skipIf(testEngine() === 'postgres')('openEmbedded', () => {
  it('keeps data across a close and reopen, and refuses a second opener while open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-embedded-'));
    const first = await openEmbedded(dir);
    await migrate(first.pool);
    await first.pool.query('CREATE TABLE survivor (id int PRIMARY KEY, note text)');
    await first.pool.query("INSERT INTO survivor VALUES (1, 'kept')");
    await expect(openEmbedded(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();

    const second = await openEmbedded(dir);
    try {
      const { rows } = await second.pool.query('SELECT note FROM survivor WHERE id = 1');
      expect(rows).toEqual([{ note: 'kept' }]);
      expect(await migrate(second.pool)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('serves concurrent clients without mixing their transactions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-embedded-'));
    const database = await openEmbedded(dir);
    try {
      await database.pool.query('CREATE TABLE counter (n int)');
      const a = await database.pool.connect();
      await a.query('BEGIN');
      await a.query('INSERT INTO counter VALUES (1)');
      const outside = database.pool.query<{ c: number }>('SELECT count(*)::int AS c FROM counter');
      await a.query('ROLLBACK');
      a.release();
      expect((await outside).rows[0]?.c).toBe(0);
    } finally {
      await database.close();
    }
  });
});
