/**
 * Reads a scraped file into documents within the document limits: JSON (`.json`), YAML with any number
 * of `---` documents (`.yaml`, `.yml`, anything else), through the bounded parsers, so a hostile file
 * (huge, deeply nested, alias bomb) is an error of that file, never a crashed scrape. An entry's
 * `format` chooses as config-db's does: `json`, `yaml` (or none: by the name), `properties`
 * (properties-format.ts); any other format keeps the text as `{format, content}`.
 */
import type { FileHandle } from 'node:fs/promises';
import type { DocumentLimits } from '../../../platform/bounded-json.js';
import { MAX_DOCUMENT_DEPTH, parseBoundedJson } from '../../../platform/bounded-json.js';
import { boundedToJs, parseBoundedYamlDocuments } from '../../../platform/bounded-yaml.js';
import { parseProperties } from './properties-format.js';

/** Largest file a scraper reads. */
export const MAX_SCRAPED_FILE_BYTES = 8 * 1024 * 1024;
const LIMITS: DocumentLimits = { maxBytes: MAX_SCRAPED_FILE_BYTES, maxDepth: MAX_DOCUMENT_DEPTH };

/**
 * Parses file text by its format, else by its name: JSON for `.json`, else YAML (a superset of JSON),
 * every document.
 */
export function parseDocuments(text: string, fileName: string, format?: string): unknown[] {
  const named = format?.trim().toLowerCase() ?? '';
  if (named === 'properties') return [parseProperties(text)];
  if (named !== '' && named !== 'json' && named !== 'yaml') return [{ format, content: text }];
  const json = named ? named === 'json' : /\.json$/i.test(fileName);
  if (json) return [parseBoundedJson(text, LIMITS, `file ${fileName}`)];
  const documents = parseBoundedYamlDocuments(text, {}, LIMITS, `file ${fileName}`);
  const values: unknown[] = [];
  for (const [index, document] of documents.entries()) {
    if (document.errors.length > 0) {
      throw new Error(`document ${index + 1} is not valid YAML: ${document.errors[0]?.message}`);
    }
    const value = boundedToJs(document, `file ${fileName}`);
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

/**
 * Reads and parses one opened file (opened by platform/file-confinement.ts, so what is read is what was
 * checked); throws an Error naming the problem (too large, unreadable, invalid).
 */
export async function readDocuments(handle: FileHandle, path: string, format?: string): Promise<unknown[]> {
  const info = await handle.stat();
  if (info.size > MAX_SCRAPED_FILE_BYTES) {
    throw new Error(`${info.size} bytes is over the ${MAX_SCRAPED_FILE_BYTES}-byte limit of a scraped file`);
  }
  return parseDocuments(await handle.readFile('utf8'), path, format);
}
