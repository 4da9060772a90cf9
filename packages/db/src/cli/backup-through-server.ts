import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/**
 * Backs up a running server's embedded database through `GET /api/system/backup` (administrators only):
 * the server takes the copy between transactions, so it is consistent while checks keep writing.
 */
export async function backupThroughServer(server: string, token: string, file: string): Promise<number> {
  const response = await fetch(new URL('/api/system/backup', server), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new Error(`the server answered ${response.status} to GET /api/system/backup: ${text.slice(0, 300)}`);
  }
  let bytes = 0;
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  await pipeline(body, createWriteStream(file, { mode: 0o600 }));
  return bytes;
}
