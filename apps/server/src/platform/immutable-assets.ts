/**
 * The console's hashed assets (`/assets/*`: a build never changes a file under a name it already used) served
 * from memory once read. The embedded database runs its queries on the HTTP thread, so a page's first API
 * calls hold the event loop for tens of milliseconds at a time; a file answered from disk needed several turns
 * of it (three stats, the open, each read) and waited behind each query, and the page's scripts arrived late
 * (docs/web.md, "Assets from memory"). From memory an asset is answered in the turn its request arrived.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { type ContentCoding, negotiateEncoding } from './accept-encoding.js';
import {
  type DescribedFile,
  describeFile,
  fileStats,
  PRECOMPRESSED_SUFFIX,
  servedFilePath,
  setRepresentationHeaders,
} from './precompressed-files.js';
import type { AppEnv } from './request-context.js';

/** The most bytes held in memory (a build's assets and their brotli and gzip copies are ~15 MB). */
export const ASSET_MEMORY_BYTES = 64 * 1024 * 1024;

/** The largest single file held; a larger one is streamed from disk as before. */
const MAX_ASSET_BYTES = 4 * 1024 * 1024;

/** A described file with the bytes of each representation read so far. */
interface Asset extends DescribedFile {
  bytes: Map<ContentCoding | 'identity', Uint8Array<ArrayBuffer>>;
}

async function describeAsset(path: string): Promise<Asset | undefined> {
  const original = await fileStats(path);
  return original ? { ...(await describeFile(path, original)), bytes: new Map() } : undefined;
}

function send(c: Context<AppEnv>, asset: Asset, coding: ContentCoding | undefined, body: Uint8Array<ArrayBuffer>) {
  setRepresentationHeaders(c, asset, coding);
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
    const representation = coding ?? 'identity';
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
