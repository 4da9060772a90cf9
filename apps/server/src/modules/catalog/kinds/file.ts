/**
 * The file scraper (config-db's `file`): every file matching `paths` (globs) is read as JSON or YAML
 * (several `---` documents each become items), optionally split by `items`, and each document becomes
 * an item whose id, type and name come from the entry's fields (JSONPath or CEL; variables `path` and
 * `filename`). Defaults: id = the file path (with `#n` per extra document or item), type = `File`,
 * name = the file name. Git URLs are not fetched by this server (`url` is refused).
 * Reads are confined (platform/file-confinement.ts) to the folders an administrator set
 * (`MC_SCRAPER_FILE_ROOTS` or the admin-only property `catalog.scraper.file.roots`; none by default):
 * a path they refuse fails the whole run with a message naming it (scrape-engine.ts).
 */
import { basename } from 'node:path';
import { z } from 'zod';
import {
  confinedPattern,
  confinedRealPath,
  type FileConfinement,
  FileConfinementError,
  fileConfinement,
  openConfined,
} from '../../../platform/file-confinement.js';
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

/** The message of a file scraper's run when no folder may be read. */
export const NO_SCRAPER_FILE_ROOTS_MESSAGE =
  'file scrapers may read only below configured folders, and none are set: an administrator sets MC_SCRAPER_FILE_ROOTS or the property catalog.scraper.file.roots';

/**
 * Each file the entry's paths name, by the name it was matched under, with its real path; a refused path
 * throws (FileConfinementError), a named file that does not exist is an error of the run.
 */
async function filesOf(paths: string[], confinement: FileConfinement, errors: string[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const pattern of paths) {
    const { absolute, isGlob } = await confinedPattern(pattern, confinement);
    const matches = isGlob
      ? await globFiles(absolute, { allowedRoots: confinement.namedRoots, deniedRoots: confinement.denied })
      : [absolute];
    for (const path of matches) {
      const real = await confinedRealPath(path, confinement);
      if (real !== undefined) files.set(path, real);
      else if (!isGlob) errors.push(`${pattern}: no such file`);
    }
  }
  return files;
}

async function documentsOf(path: string, real: string, confinement: FileConfinement, format?: string) {
  const handle = await openConfined(path, real, confinement);
  try {
    return await readDocuments(handle, path, format);
  } finally {
    await handle.close();
  }
}

async function scrape(entry: FileEntry, ctx: Parameters<ScraperKind<FileEntry>['scrape']>[1]): Promise<KindOutput> {
  const output = emptyOutput();
  output.rules = entry.analysis ?? [];
  const confinement = await fileConfinement(ctx.fileRoots, ctx.deniedRoots, NO_SCRAPER_FILE_ROOTS_MESSAGE);
  const files = await filesOf(entry.paths, confinement, output.errors);
  for (const path of [...files.keys()].sort()) {
    if (ctx.signal.aborted) break;
    let documents: unknown[];
    try {
      documents = await documentsOf(path, files.get(path) ?? path, confinement, entry.format);
    } catch (error) {
      if (error instanceof FileConfinementError) throw error;
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
