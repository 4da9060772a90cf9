/**
 * The file scraper (config-db's `file`): every file matching `paths` (globs) and no `ignore` glob is
 * read by its `format` (JSON, YAML with several `---` documents each an item, properties, or any other
 * format kept as `{format, content}`; file-documents.ts), optionally split by `items`, and each document
 * becomes an item whose id, type and name come from the entry's fields (JSONPath or CEL; variables
 * `path` and `filename`). Defaults: id = the file path (with `#n` per extra document or item), type =
 * `File`, class = the type when the entry names one (else `File`), name = the id, else the file name;
 * `icon` is set on every item. Git URLs and connections are not fetched by this server (`url` and
 * `connection` are refused, as is `path`, which config-db does not have).
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
import { pathGlob } from '../../../platform/path-glob.js';
import { readDocuments } from './file-documents.js';
import { globFiles } from './file-glob.js';
import { type BaseEntry, baseEntryShape, itemsFromDocument, splitItems } from './item-fields.js';
import { emptyOutput, type KindOutput, type ScraperKind } from './scraper-kind.js';
import { refusedKey, strictEntry } from './strict-entry.js';

function globProblem(glob: string): string | null {
  try {
    pathGlob(glob);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Whether a matched file is left out by the entry's `ignore` globs (against its path or its name). */
function ignored(entry: FileEntry, path: string): boolean {
  return (entry.ignore ?? []).some((glob) => {
    const test = pathGlob(glob);
    return test(path) || test(basename(path));
  });
}

const REMOTE =
  'git and remote URLs are not scraped by this server (a checkout needs the network); keep the files in a folder the server may read and name them in paths';

const fileEntrySchema = strictEntry({
  ...baseEntryShape,
  paths: z.array(z.string().min(1, 'must not be empty')).min(1, 'at least one path is required'),
  ignore: z
    .array(
      z
        .string()
        .min(1, 'must not be empty')
        .refine((glob) => globProblem(glob) === null, { message: 'is not a glob this server matches' }),
    )
    .optional(),
  icon: z.string().min(1).optional(),
  url: refusedKey('url', REMOTE),
  connection: refusedKey('connection', REMOTE),
  path: refusedKey('path', "config-db's file scraper has no path field (it reads paths, and would scrape nothing)"),
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
    if (ignored(entry, path)) continue;
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
          const items = await itemsFromDocument(entry, part, {
            key: `${path}${suffix}`,
            type: 'File',
            name: basename(path),
            configClass: 'File',
            source: path,
            vars: { path, filename: basename(path) },
          });
          if (entry.icon) for (const item of items) item.icon = entry.icon;
          output.items.push(...items);
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
