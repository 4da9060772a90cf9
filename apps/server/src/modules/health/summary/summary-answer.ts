/**
 * A computed summary as the cache keeps it: its JSON text and, made on first demand, its brotli and
 * gzip forms (same settings as the platform's JSON compression). Ten consoles polling one summary then
 * cost one compression per coding and cache period instead of one per request; the route sends the
 * stored bytes with their Content-Encoding, which the compression middleware leaves alone.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentCoding } from '../../../platform/accept-encoding.js';
import { JSON_BROTLI_QUALITY, JSON_GZIP_LEVEL } from '../../../platform/compress-json.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One summary answer: JSON text plus its compressed forms, each made once (on the zlib thread pool). */
export class SummaryAnswer {
  private readonly encodings = new Map<ContentCoding, Promise<Buffer>>();

  constructor(readonly json: string) {}

  /** The codings this answer has been asked in (each made once), e.g. to ready its successor in them. */
  codings(): ContentCoding[] {
    return [...this.encodings.keys()];
  }

  /** The answer compressed with `coding`, shared by every request that asks for it. */
  encoded(coding: ContentCoding): Promise<Buffer> {
    let found = this.encodings.get(coding);
    if (!found) {
      const bytes = Buffer.from(this.json, 'utf8');
      found =
        coding === 'gzip'
          ? gzipAsync(bytes, { level: JSON_GZIP_LEVEL })
          : brotliAsync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
              },
            });
      found.catch(() => this.encodings.delete(coding));
      this.encodings.set(coding, found);
    }
    return found;
  }
}
