/**
 * The file backend: files or globs on the server's host, read from their end (at most
 * {@link MAX_FILE_TAIL_BYTES} of each, {@link MAX_FILES} files), each line parsed by the entry's
 * pattern (named groups timestamp, level, message), as JSON (time/level/msg fields), or kept whole.
 * Reads are confined (platform/file-confinement.ts, shared with the file scraper) to the configured
 * roots (`MC_LOG_FILE_ROOTS` or the admin-only property `logs.file.roots`; none by default) after
 * resolving symbolic links, and never below the server's own folders; a refused path is an error naming it.
 */
import type { LogLine } from '@mc/contracts';
import type { RE2JS } from 're2js';
import { z } from 'zod';
import { eventLoopSlicer } from '../../../platform/event-loop-slice.js';
import {
  confinedPattern,
  confinedRealPath,
  type FileConfinement,
  FileConfinementError,
  fileConfinement,
  openConfined,
} from '../../../platform/file-confinement.js';
import { globFiles } from '../../catalog/index.js';
import {
  type KindContext,
  type KindPage,
  type KindSearch,
  LogBackendError,
  type LogBackendKindDefinition,
} from './backend-kind.js';
import { applyLinePattern, compileLinePattern } from './line-pattern.js';
import {
  clipLine,
  jsonFieldsOf,
  labelsMatch,
  levelWanted,
  matchesWords,
  normaliseLevel,
  wordsOf,
} from './line-text.js';

/** Most bytes read from the end of one file. */
export const MAX_FILE_TAIL_BYTES = 8 * 1024 * 1024;
/** Most files one entry reads. */
export const MAX_FILES = 50;

const fileEntrySchema = z.object({
  paths: z.array(z.string().min(1).max(1000)).min(1).max(20),
  /** Named groups `timestamp`, `level`, `message`. */
  pattern: z.string().min(1).optional(),
  /** Labels every line of the entry carries (and a label filter must match). */
  labels: z.record(z.string(), z.string()).optional(),
});
/** One `spec.file[]` entry. */
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** The message written when no roots are configured. */
export const NO_FILE_ROOTS_MESSAGE =
  'file log backends may read only below configured folders, and none are set: an administrator sets MC_LOG_FILE_ROOTS or the property logs.file.roots';

async function readTail(path: string, confinement: FileConfinement): Promise<{ text: string; mtime: Date }> {
  const handle = await openConfined(path, path, confinement);
  try {
    const info = await handle.stat();
    const length = Math.min(info.size, MAX_FILE_TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, info.size - length);
    let text = buffer.toString('utf8');
    if (length < info.size) text = text.slice(text.indexOf('\n') + 1); // the first line was cut
    return { text, mtime: info.mtime };
  } finally {
    await handle.close();
  }
}

function parseTime(value: unknown): Date | undefined {
  if (typeof value === 'number') return new Date(value > 1e12 ? value : value * 1000);
  if (typeof value !== 'string') return undefined;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

function lineOf(raw: string, pattern: RE2JS | undefined, fallback: Date, labels: Record<string, string>) {
  const fields = jsonFieldsOf(raw);
  if (fields) {
    return {
      time: parseTime(fields.time ?? fields.timestamp ?? fields.ts ?? fields['@timestamp']) ?? fallback,
      level: normaliseLevel(fields.level ?? fields.severity ?? fields.lvl),
      message: clipLine(String(fields.msg ?? fields.message ?? raw)),
      fields,
      labels,
    };
  }
  const parts = pattern ? applyLinePattern(pattern, raw) : undefined;
  return {
    time: parseTime(parts?.timestamp) ?? fallback,
    level: normaliseLevel(parts?.level),
    message: clipLine(parts?.message ?? raw),
    labels,
  };
}

async function matchesOf(entry: FileEntry, confinement: FileConfinement): Promise<string[]> {
  const found = new Set<string>();
  for (const path of entry.paths) {
    const { absolute, isGlob } = await confinedPattern(path, confinement);
    const matches = isGlob
      ? await globFiles(absolute, { allowedRoots: confinement.namedRoots, deniedRoots: confinement.denied })
      : [absolute];
    for (const match of matches) {
      const real = await confinedRealPath(match, confinement);
      if (real) found.add(real);
      if (found.size >= MAX_FILES) return [...found];
    }
  }
  return [...found];
}

/** The readable files of an entry: globbed, links resolved, each checked against the roots (a refusal names the path). */
async function filesOf(entry: FileEntry, ctx: KindContext): Promise<{ files: string[]; confinement: FileConfinement }> {
  try {
    const confinement = await fileConfinement(ctx.fileRoots, ctx.deniedRoots, NO_FILE_ROOTS_MESSAGE);
    const files = await matchesOf(entry, confinement);
    if (files.length === 0) {
      throw new LogBackendError(
        'query',
        `no readable file matches ${entry.paths.join(', ')} below the allowed folders (${confinement.roots.join(', ')})`,
      );
    }
    return { files, confinement };
  } catch (error) {
    if (error instanceof FileConfinementError) throw new LogBackendError('query', error.message);
    throw error;
  }
}

/**
 * Searches the entry's files; the cursor is how many matching lines earlier pages took. The line loop
 * hands the event loop back every few milliseconds (up to 400 MiB of lines per entry, issue 25).
 */
async function search(entry: FileEntry, query: KindSearch, ctx: KindContext): Promise<KindPage> {
  const pattern = entry.pattern ? compileLinePattern(entry.pattern) : undefined;
  const entryLabels = entry.labels ?? {};
  const words = wordsOf(query.text);
  const matched: Array<LogLine & { at: number }> = [];
  const { files, confinement } = await filesOf(entry, ctx);
  const slice = eventLoopSlicer();
  for (const path of files) {
    const { text, mtime } = await readTail(path, confinement);
    const labels = { ...entryLabels, file: path };
    if (!labelsMatch(labels, query.labels)) continue;
    for (const raw of text.split('\n')) {
      await slice();
      if (!raw.trim() || !matchesWords(raw, words)) continue;
      const line = lineOf(raw, pattern, mtime, labels);
      const at = line.time.getTime();
      if (at < query.start.getTime() || at > query.end.getTime() || !levelWanted(line.level, query.levels)) continue;
      matched.push({
        at,
        timestamp: line.time.toISOString(),
        level: line.level,
        message: line.message,
        labels: line.labels,
        ...('fields' in line && line.fields ? { fields: line.fields } : {}),
      });
    }
  }
  // newest first; lines of one instant keep their reverse file order
  const ordered = matched
    .map((line, index) => ({ line, index }))
    .sort((a, b) => b.line.at - a.line.at || b.index - a.index);
  const offset = Number(query.cursor ?? 0) || 0;
  const page = ordered.slice(offset, offset + query.limit).map(({ line: { at: _at, ...line } }) => line);
  return {
    lines: page,
    total: ordered.length,
    next: offset + query.limit < ordered.length ? String(offset + query.limit) : null,
  };
}

/** The file kind. */
export const fileBackend: LogBackendKindDefinition<FileEntry> = {
  kind: 'file',
  schema: fileEntrySchema,
  search,
};
