import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { serveImmutableAssets } from './immutable-assets.js';
import { servePrecompressed } from './precompressed-files.js';
import type { AppEnv } from './request-context.js';

/** A build folder with two scripts (one with a brotli copy) and the app that serves it as the console does. */
function served(maxBytes?: number) {
  const dist = mkdtempSync(join(tmpdir(), 'mc-immutable-assets-'));
  mkdirSync(join(dist, 'assets'));
  const script = 'export const answer = 42;\n'.repeat(50);
  writeFileSync(join(dist, 'assets', 'a-1.js'), script);
  writeFileSync(join(dist, 'assets', 'a-1.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'b-2.js'), 'export {};\n');
  const app = new Hono<AppEnv>();
  app.use('/assets/*', serveImmutableAssets(dist, maxBytes));
  app.use('*', servePrecompressed(dist));
  app.get('*', (c) => c.text('fallback', 404));
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    app.request(path, { method, headers });
  return { dist, script, get, remove: (name: string) => rmSync(join(dist, 'assets', name)) };
}

describe('immutable assets from memory', () => {
  it('answers a read asset from memory, in each coding asked, once read', async () => {
    const { get, remove, script } = served();
    const first = await get('/assets/a-1.js', { 'Accept-Encoding': 'br' });
    expect(first.headers.get('content-encoding')).toBe('br');
    const brotli = Buffer.from(await first.arrayBuffer());
    await get('/assets/a-1.js');
    remove('a-1.js');
    remove('a-1.js.br');
    const again = await get('/assets/a-1.js', { 'Accept-Encoding': 'gzip, br' });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(brotli)).toBe(true);
    const identity = await get('/assets/a-1.js');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(identity.headers.get('content-length')).toBe(String(script.length));
    expect(await identity.text()).toBe(script);
  });

  it('sends the same headers as the streaming server', async () => {
    const memory = served();
    const disk = served(0);
    const headers = async (response: Response) => {
      await response.arrayBuffer();
      return Object.fromEntries([...response.headers].filter(([name]) => name !== 'last-modified'));
    };
    for (const accept of ['br', 'gzip', '']) {
      const fromMemory = await headers(await memory.get('/assets/a-1.js', { 'Accept-Encoding': accept }));
      const fromDisk = await headers(await disk.get('/assets/a-1.js', { 'Accept-Encoding': accept }));
      expect(fromMemory).toEqual(fromDisk);
    }
  });

  it('answers HEAD without a body, and leaves ranges, missing files and traversal to the next handler', async () => {
    const { get, script } = served();
    const head = await get('/assets/a-1.js', {}, 'HEAD');
    expect(head.headers.get('content-length')).toBe(String(script.length));
    expect(await head.text()).toBe('');
    const range = await get('/assets/a-1.js', { Range: 'bytes=0-5' });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('export');
    expect((await get('/assets/none-3.js')).status).toBe(404);
    expect((await get('/assets/..%2Findex.html')).status).toBe(404);
  });

  it('finds a file added after a request missed it', async () => {
    const { dist, get } = served();
    expect((await get('/assets/c-3.js')).status).toBe(404);
    writeFileSync(join(dist, 'assets', 'c-3.js'), 'export const later = 1;\n');
    expect(await (await get('/assets/c-3.js')).text()).toBe('export const later = 1;\n');
  });

  it('streams from disk what the memory budget does not hold', async () => {
    const { get, remove } = served(20);
    expect(await (await get('/assets/b-2.js')).text()).toBe('export {};\n');
    expect((await get('/assets/a-1.js')).status).toBe(200);
    remove('b-2.js');
    remove('a-1.js');
    expect((await get('/assets/b-2.js')).status).toBe(200);
    expect((await get('/assets/a-1.js')).status).toBe(404);
  });
});
