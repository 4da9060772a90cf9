import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** A built console as `npm run build` leaves it: files with `.br` and `.gz` siblings, one without. */
function builtConsole(): { dist: string; index: string; script: string } {
  const dist = mkdtempSync(join(tmpdir(), 'mc-web-precompressed-'));
  const index = `<!doctype html><title>Mission Control</title>${'<!-- padding -->'.repeat(40)}`;
  const script = Array.from({ length: 400 }, (_, line) => `export const value${line} = ${line};`).join('\n');
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = { 'index.html': index, 'assets/index-abc.js': script };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dist, 'assets', 'logo-abc.png'), Buffer.alloc(2048, 7));
  return { dist, index, script };
}

function decode(body: Buffer, coding: string | null): string {
  if (coding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (coding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the console served precompressed', () => {
  let t: TestApp;
  let built: ReturnType<typeof builtConsole>;
  beforeAll(async () => {
    built = builtConsole();
    t = await createTestApp({ webDist: built.dist });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    t.app.request(path, { method, headers });

  async function expectRepresentation(response: Response, coding: string | null, original: string) {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(body.byteLength));
    expect(decode(body, coding)).toBe(original);
  }

  it('sends a hashed asset as brotli to a browser, immutable and with the brotli length', async () => {
    const response = await get('/assets/index-abc.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await expectRepresentation(response, 'br', built.script);
  });

  it('sends gzip when brotli is refused or not offered, identity when nothing is acceptable', async () => {
    await expectRepresentation(await get('/assets/index-abc.js', { 'accept-encoding': 'gzip' }), 'gzip', built.script);
    await expectRepresentation(
      await get('/assets/index-abc.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' }),
      'gzip',
      built.script,
    );
    for (const header of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      await expectRepresentation(await get('/assets/index-abc.js', { 'accept-encoding': header }), null, built.script);
    }
    await expectRepresentation(await get('/assets/index-abc.js'), null, built.script);
  });

  it('serves index.html precompressed and uncached, on / and on console routes', async () => {
    for (const path of ['/', '/incidents/123?x=1']) {
      const response = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toContain('text/html');
      await expectRepresentation(response, 'br', built.index);
    }
    await expectRepresentation(await get('/', { 'accept-encoding': 'gzip' }), 'gzip', built.index);
    await expectRepresentation(await get('/'), null, built.index);
  });

  it('serves the /health page to a browser navigation precompressed too', async () => {
    const response = await get('/health', { accept: 'text/html', 'accept-encoding': 'br' });
    await expectRepresentation(response, 'br', built.index);
  });

  it('answers HEAD with the chosen representation’s headers and no body', async () => {
    const brotliSize = brotliCompressSync(built.script).byteLength;
    const response = await get('/assets/index-abc.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-length')).toBe(String(brotliSize));
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    const index = await get('/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(index.headers.get('content-length')).toBe(String(gzipSync(built.index).byteLength));
    expect((await index.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves byte ranges of the chosen representation, and 416 past its end', async () => {
    const plain = await get('/assets/index-abc.js', { range: 'bytes=7-16' });
    expect(plain.status).toBe(206);
    expect(plain.headers.get('content-range')).toBe(`bytes 7-16/${built.script.length}`);
    expect(plain.headers.get('content-length')).toBe('10');
    expect(await plain.text()).toBe(built.script.slice(7, 17));

    const brotli = brotliCompressSync(built.script);
    const tail = await get('/assets/index-abc.js', { range: 'bytes=-5', 'accept-encoding': 'br' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-encoding')).toBe('br');
    expect(tail.headers.get('content-range')).toBe(`bytes ${brotli.length - 5}-${brotli.length - 1}/${brotli.length}`);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(brotli.subarray(brotli.length - 5));

    const past = await get('/assets/index-abc.js', { range: `bytes=${built.script.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${built.script.length}`);
  });

  it('sends a file without siblings as it is, without Vary', async () => {
    const response = await get('/assets/logo-abc.png', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('content-length')).toBe('2048');
  });

  it('never serves a path outside the build', async () => {
    for (const path of ['/assets/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets%5c..%5cindex.html']) {
      const response = await get(path, { 'accept-encoding': 'br' });
      expect(response.status, path).toBe(200);
      expect(decode(Buffer.from(await response.arrayBuffer()), response.headers.get('content-encoding'))).toBe(
        built.index,
      );
    }
  });
});
