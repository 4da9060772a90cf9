/**
 * The file scraper (config-db's `file`): every file matching `paths` (globs) is read as JSON or YAML
 * (several `---` documents each become items), optionally split by `items`, and each document becomes
 * an item whose id, type and name come from the entry's fields (JSONPath or CEL; variables `path` and
 * `filename`). Defaults: id = the file path (with `#n` per extra document or item), type = `File`,
 * name = the file name. Git URLs are not fetched by this server (`url` is refused).
 */
import { basename } from 'node:path';
import { z } from 'zod';
import { readDocuments } from './file-documents.js';
import { globFiles } from './file-glob.js';
import { type BaseEntry, baseEntryShape, itemFromDocument, splitItems } from './item-fields.js';
import { emptyOutput, type KindOutput, type ScraperKind } from './scraper-kind.js';

const fileEntrySchema = z
  .object({
    ...baseEntryShape,
    paths: z.array(z.string().min(1, 'must not be empty')).min(1, 'at least one path is required'),
    format: z.enum(['json', 'yaml', 'JSON', 'YAML']).optional(),
    url: z.string().optional(),
  })
  .refine((entry) => entry.url === undefined, {
    message: 'git and remote URLs are not scraped by this server; use paths on the server',
    path: ['url'],
  });
/** One `spec.file[]` entry. */
export type FileEntry = z.infer<typeof fileEntrySchema> & BaseEntry;

async function scrape(entry: FileEntry, ctx: Parameters<ScraperKind<FileEntry>['scrape']>[1]): Promise<KindOutput> {
  const output = emptyOutput();
  output.rules = entry.analysis ?? [];
  const bounds = { deniedRoots: ctx.deniedRoots, ...(ctx.fileRoots ? { allowedRoots: ctx.fileRoots } : {}) };
  const files = new Set<string>();
  for (const pattern of entry.paths) {
    for (const path of await globFiles(pattern, bounds)) files.add(path);
  }
  for (const path of [...files].sort()) {
    if (ctx.signal.aborted) break;
    let documents: unknown[];
    try {
      documents = await readDocuments(path, entry.format);
    } catch (error) {
      output.errors.push(`${path}: ${(error as Error).message}`); // fs and the parsers throw Errors
      continue;
    }
    let index = 0;
    for (const document of documents) {
      for (const part of splitItems(entry, document)) {
        const suffix = index === 0 ? '' : `#${index}`;
        index++;
        try {
          output.items.push(
            itemFromDocument(entry, part, {
              key: `${path}${suffix}`,
              type: 'File',
              name: basename(path),
              configClass: 'File',
              source: path,
              vars: { path, filename: basename(path) },
            }),
          );
        } catch (error) {
          output.errors.push(`${path}${suffix}: ${(error as Error).message}`); // ExpressionError
        }
      }
    }
  }
  return output;
}

/** The file scraper kind. */
export const fileKind: ScraperKind<FileEntry> = { name: 'file', schema: fileEntrySchema, scrape };
