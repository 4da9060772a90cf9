import { createReadStream, existsSync, readFileSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { createStreamBody } from '@hono/node-server/utils/stream';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { CONTENT_CODINGS, type ContentCoding, negotiateEncoding } from './accept-encoding.js';
import type { AppEnv } from './request-context.js';

/**
 * File name suffix of each precompressed sibling the console build writes next to a file
 * (apps/web/scripts/precompress.ts): `index-abc.js.br`, `index-abc.js.gz`.
 */
export const PRECOMPRESSED_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** The stats of the regular file at `path`, or undefined (missing, a folder, unreadable). */
export async function fileStats(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** A file as served: its type, modification time, the codings a sibling exists for and each representation's size. */
export interface DescribedFile {
  type: string;
  lastModified: string;
  codings: ContentCoding[];
  sizes: Map<ContentCoding | 'identity', number>;
}

/** Describes the file at `path` (whose stats are `original`) and its precompressed siblings. */
export async function describeFile(path: string, original: Stats): Promise<DescribedFile> {
  const sizes = new Map<ContentCoding | 'identity', number>([['identity', original.size]]);
  const codings: ContentCoding[] = [];
  for (const coding of CONTENT_CODINGS) {
    const sibling = await fileStats(path + PRECOMPRESSED_SUFFIX[coding]);
    if (!sibling) continue;
    codings.push(coding);
    sizes.set(coding, sibling.size);
  }
  return {
    type: getMimeType(path) ?? 'application/octet-stream',
    lastModified: original.mtime.toUTCString(),
    codings,
    sizes,
  };
}

/** The headers of a representation of `file` (all but its length), the same from disk and from memory. */
export function setRepresentationHeaders(
  c: Context<AppEnv>,
  file: DescribedFile,
  coding: ContentCoding | undefined,
): void {
  c.header('Content-Type', file.type);
  c.header('Last-Modified', file.lastModified);
  c.header('Accept-Ranges', 'bytes');
  if (file.codings.length > 0) c.header('Vary', 'Accept-Encoding', { append: true });
  if (coding) c.header('Content-Encoding', coding);
}

/** The file a URL path names inside `root`, or undefined for traversal, odd encodings and folders. */
export function servedFilePath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.endsWith('/') || /\0|\\|(^|\/)\.\.?(\/|$)|\/\//.test(decoded)) return undefined;
  const path = resolve(root, `.${decoded}`);
  return path.startsWith(root + sep) ? path : undefined;
}

/** One `bytes=` range of a `size`-byte file; `null` when unsatisfiable, undefined to ignore the header. */
function byteRange(header: string, size: number): { start: number; end: number } | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined; // multiple or malformed ranges: whole file
  const [, from = '', to = ''] = match;
  if (from === '') {
    const suffix = Number(to);
    return suffix === 0 || size === 0 ? null : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start >= size || start > end ? null : { start, end };
}

/**
 * Answers with the file, or with its precompressed sibling when the client accepts that coding
 * (`Content-Encoding`, `Content-Length` of the bytes sent, `Vary: Accept-Encoding` whenever siblings
 * exist). HEAD gets the headers only; a single `Range` is served from the chosen representation.
 */
async function sendFile(c: Context<AppEnv>, path: string, original: Stats): Promise<Response> {
  const file = await describeFile(path, original);
  const coding = negotiateEncoding(c.req.header('Accept-Encoding'), file.codings);
  const sent = coding ? path + PRECOMPRESSED_SUFFIX[coding] : path;
  const size = file.sizes.get(coding ?? 'identity') ?? original.size;
  setRepresentationHeaders(c, file, coding);
  if (c.req.method === 'HEAD') {
    c.header('Content-Length', String(size));
    return c.body(null, 200);
  }
  const rangeHeader = c.req.header('Range');
  const range = rangeHeader ? byteRange(rangeHeader, size) : undefined;
  if (range === null) {
    c.header('Content-Range', `bytes */${size}`);
    return c.body(null, 416);
  }
  if (range) {
    c.header('Content-Length', String(range.end - range.start + 1));
    c.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    return c.body(createStreamBody(createReadStream(sent, range)), 206);
  }
  c.header('Content-Length', String(size));
  return c.body(createStreamBody(createReadStream(sent)), 200);
}

/** Serves the files under `root` (GET and HEAD), precompressed when the build left siblings; else next(). */
export function servePrecompressed(root: string): MiddlewareHandler<AppEnv> {
  const base = resolve(root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = servedFilePath(base, c.req.path);
    const stats = path ? await fileStats(path) : undefined;
    if (!path || !stats) return next();
    return sendFile(c, path, stats);
  };
}

/** A small file held in memory with its precompressed siblings (index.html, read on every navigation). */
export interface CachedFile {
  identity: Uint8Array<ArrayBuffer>;
  encoded: Map<ContentCoding, Uint8Array<ArrayBuffer>>;
}

/** Reads `path` and its precompressed siblings; undefined while the file does not exist. */
export function readCachedFile(path: string): CachedFile | undefined {
  if (!existsSync(path)) return undefined;
  const encoded = new Map<ContentCoding, Uint8Array<ArrayBuffer>>();
  for (const coding of CONTENT_CODINGS) {
    const sibling = path + PRECOMPRESSED_SUFFIX[coding];
    if (existsSync(sibling)) encoded.set(coding, new Uint8Array(readFileSync(sibling)));
  }
  return { identity: new Uint8Array(readFileSync(path)), encoded };
}

/** Answers with the cached file in the coding the client prefers, headers as {@link sendFile}'s. */
export function sendCachedFile(c: Context<AppEnv>, file: CachedFile, contentType: string): Response {
  const coding = negotiateEncoding(c.req.header('Accept-Encoding'), [...file.encoded.keys()]);
  const body = (coding && file.encoded.get(coding)) || file.identity;
  c.header('Content-Type', contentType);
  if (file.encoded.size > 0) c.header('Vary', 'Accept-Encoding', { append: true });
  if (coding) c.header('Content-Encoding', coding);
  c.header('Content-Length', String(body.byteLength));
  return c.req.method === 'HEAD' ? c.body(null, 200) : c.body(body, 200);
}
