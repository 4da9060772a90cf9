import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectEndpoint } from '../database.js';
import { testEngine } from '../testing/index.js';
import { openEmbedded } from './embedded-database.js';
import { NotificationScanner, onEmbeddedNotification } from './embedded-notifications.js';

/** A backend message: type, int32 length, body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

describe('NotificationScanner', () => {
  it('finds each notification whatever the chunk boundaries, and only notifications', () => {
    const notification = (channel: string) =>
      message('A', Buffer.concat([Buffer.alloc(4), Buffer.from(`${channel}\0payload\0`)]));
    const stream = Buffer.concat([
      message('C', Buffer.from('COMMIT\0')),
      notification('mc_jobs'),
      message('D', Buffer.from('A\0mc_fake\0')), // a data row holding the bytes of a notification
      notification('mc_events'),
      message('Z', Buffer.from('I')),
    ]);
    for (const size of [1, 3, 7, stream.length]) {
      const found: string[] = [];
      const scanner = new NotificationScanner((channel) => found.push(channel));
      for (let at = 0; at < stream.length; at += size) scanner.push(stream.subarray(at, at + size));
      expect(found).toEqual(['mc_jobs', 'mc_events']);
    }
  });
});

describe.skipIf(testEngine() === 'postgres')('embedded notifications', () => {
  it("reach another connection's subscriber once the notifying transaction commits, not before", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-embedded-notify-'));
    const database = await openEmbedded(dir);
    const other = database.endpoint ? connectEndpoint(database.endpoint) : undefined;
    const seen: string[] = [];
    const endpoint = database.endpoint;
    const subscription =
      endpoint?.engine === 'pglite' ? onEmbeddedNotification(endpoint, (c) => seen.push(c)) : undefined;
    try {
      await database.pool.query('LISTEN mc_test');
      const client = await other?.pool.connect();
      await client?.query('BEGIN');
      await client?.query("SELECT pg_notify('mc_test', '')");
      await client?.query("SELECT pg_notify('mc_unheard', '')");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual([]);
      await client?.query('COMMIT');
      client?.release();
      await expect.poll(() => seen, { timeout: 2_000 }).toEqual(['mc_test']);
    } finally {
      subscription?.close();
      await other?.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
