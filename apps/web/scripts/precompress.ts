import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats the console ships; fonts and images in compressed formats (woff2, png) gain nothing. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.wasm',
  '.ttf',
  '.otf',
]);
/** Below this a file's compressed form saves fewer bytes than the lookup costs. */
const MIN_BYTES = 256;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `file.br` (brotli 11, the best ratio: built once, sent on every cold load) and `file.gz` (gzip 9). */
async function precompressFile(file: string): Promise<number> {
  const bytes = await readFile(file);
  if (bytes.byteLength < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = [
    br.byteLength < bytes.byteLength ? writeFile(`${file}.br`, br) : undefined,
    gz.byteLength < bytes.byteLength ? writeFile(`${file}.gz`, gz) : undefined,
  ];
  await Promise.all(written);
  return 1;
}

/**
 * Compresses every text file of the build output once, next to itself (`index-abc.js.br`,
 * `index-abc.js.gz`), so the server sends the smallest form the browser accepts without compressing
 * per request (apps/server/src/platform/precompressed-files.ts). zlib's thread pool runs the files
 * in parallel; node:zlib keeps the build free of native dependencies.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.has(extname(file)));
      const sizes = await Promise.all(files.map((file) => stat(file).then((stats) => stats.size)));
      const done = await Promise.all(files.map(precompressFile));
      const count = done.reduce((sum, one) => sum + one, 0);
      const kb = sizes.reduce((sum, size) => sum + size, 0) / 1024;
      this.info(
        `precompressed ${count} files (${kb.toFixed(0)} kB) with brotli and gzip in ${(performance.now() - started).toFixed(0)} ms`,
      );
    },
  };
}
