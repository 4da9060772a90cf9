/**
 * The console's hashed assets (`/assets/*`: a build never changes a file under a name it already used) served
 * from memory once read. The embedded database runs its queries on the HTTP thread, so a page's first API
 * calls hold the event loop for tens of milliseconds at a time; a file answered from disk needed several turns
 * of it (three stats, the open, each read) and waited behind each query, and the page's scripts arrived late
 * (docs/web.md, "Assets from memory"). From memory an asset is answered in the turn its request arrived.
 */
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { CONTENT_CODINGS, type ContentCoding, negotiateEncoding } from './accept-encoding.js';
import { PRECOMPRESSED_SUFFIX, servedFilePath } from './precompressed-files.js';
import type { AppEnv } from './request-context.js';

/** The most bytes held in memory (a build's assets and their brotli and gzip copies are ~15 MB). */
export const ASSET_MEMORY_BYTES = 64 * 1024 * 1024;

/** The largest single file held; a larger one is streamed from disk as before. */
const MAX_ASSET_BYTES = 4 * 1024 * 1024;

type Representation = ContentCoding | 'identity';

interface Asset {
  type: string;
  lastModified: string;
  /** The codings a sibling exists for, and each representation's size. */
  codings: ContentCoding[];
  sizes: Map<Representation, number>;
  bytes: Map<Representation, Uint8Array<ArrayBuffer>>;
}

async function statFile(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

async function describeAsset(path: string): Promise<Asset | undefined> {
  const original = await statFile(path);
  if (!original) return undefined;
  const sizes = new Map<Representation, number>([['identity', original.size]]);
  const codings: ContentCoding[] = [];
  for (const coding of CONTENT_CODINGS) {
    const sibling = await statFile(path + PRECOMPRESSED_SUFFIX[coding]);
    if (!sibling) continue;
    codings.push(coding);
    sizes.set(coding, sibling.size);
  }
  return {
    type: getMimeType(path) ?? 'application/octet-stream',
    lastModified: original.mtime.toUTCString(),
    codings,
    sizes,
    bytes: new Map(),
  };
}

function send(c: Context<AppEnv>, asset: Asset, coding: ContentCoding | undefined, body: Uint8Array<ArrayBuffer>) {
  c.header('Content-Type', asset.type);
  c.header('Last-Modified', asset.lastModified);
  c.header('Accept-Ranges', 'bytes');
  if (asset.codings.length > 0) c.header('Vary', 'Accept-Encoding', { append: true });
  if (coding) c.header('Content-Encoding', coding);
  c.header('Content-Length', String(body.byteLength));
  return c.req.method === 'HEAD' ? c.body(null, 200) : c.body(body, 200);
}

/**
 * Serves files under `root` from memory, GET and HEAD, headers as precompressed-files.ts sends them: each
 * file is described (its siblings) on its first request and each representation read on its first use, up to
 * `maxBytes` in all. A range request, a file not found, a file too large or one past the budget goes to next()
 * (the streaming server). Only for folders whose files never change under their name.
 */
export function serveImmutableAssets(root: string, maxBytes = ASSET_MEMORY_BYTES): MiddlewareHandler<AppEnv> {
  const base = resolve(root);
  const assets = new Map<string, Promise<Asset | undefined>>();
  let held = 0;
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.header('Range')) return next();
    const path = servedFilePath(base, c.req.path);
    if (!path) return next();
    let described = assets.get(path);
    if (!described) {
      described = describeAsset(path);
      assets.set(path, described);
    }
    const asset = await described;
    if (!asset) {
      assets.delete(path); // a later build may add it
      return next();
    }
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'), asset.codings);
    const representation: Representation = coding ?? 'identity';
    const cached = asset.bytes.get(representation);
    if (cached) return send(c, asset, coding, cached);
    const size = asset.sizes.get(representation) ?? 0;
    if (size > MAX_ASSET_BYTES || held + size > maxBytes) return next();
    const body = new Uint8Array(await readFile(coding ? path + PRECOMPRESSED_SUFFIX[coding] : path));
    if (!asset.bytes.has(representation)) {
      asset.bytes.set(representation, body);
      held += body.byteLength;
    }
    return send(c, asset, coding, body);
  };
}
