/**
 * Folder check (canary-checker's `folder` on a local path): lists the folder (or glob) within the
 * roots an administrator set (folder-listing.ts, folder-roots.ts), keeps the entries its `filter`
 * admits, and tests them in canary-checker's order: minCount, maxCount, availableSize, totalSize, then —
 * when anything is listed — minAge (the newest entry must be older), maxAge (the oldest must be
 * younger), minSize (the smallest), maxSize (the largest). A folder that does not exist lists nothing.
 * `availableSize` and `totalSize` are the free and total bytes of the folder's file system (canary-checker
 * documents them so and answers "not supported" on every backend). Expression variables as upstream:
 * `results` {files, newest, oldest, smallest, largest, size, availableSize} and `errorType`.
 */
import { type FolderCheckSpec, folderCheckSchema, parseByteSize, parseFolderDuration } from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import { FileConfinementError } from '../../../platform/file-confinement.js';
import { linearRegexProblem, linearRegexTest } from '../../../platform/linear-regex.js';
import { evaluateDateMath } from '../../rest/index.js';
import type { CheckContext, CheckRunOutput, CheckTypeDefinition } from './check-context.js';
import { type FolderEntry, type FolderListing, listFolder } from './folder-listing.js';
import { NO_FOLDER_ROOTS_MESSAGE } from './folder-roots.js';
import { errorText } from './network-errors.js';

/** canary-checker's sizes for a file system it cannot measure. */
const SIZE_NOT_SUPPORTED = -1;

/** An entry as upstream's results list it. */
interface FolderFile {
  name: string;
  size: number;
  mode: string;
  modified: string;
  is_dir?: boolean;
}

/** The filter with its values read. */
interface Filter {
  minAge?: number;
  maxAge?: number;
  minSize?: number;
  maxSize?: number;
  regex?: string;
  since?: number;
}

const ms = (text: string | undefined) => (text === undefined ? undefined : parseFolderDuration(text));
const bytes = (text: string | undefined) => (text === undefined ? undefined : parseByteSize(text));

function filterOf(spec: FolderCheckSpec, now: Date): Filter {
  const { filter } = spec;
  if (!filter) return {};
  if (filter.regex !== undefined) {
    const problem = linearRegexProblem(filter.regex);
    if (problem) throw new CheckConfigError(`filter.regex ${problem}`);
  }
  let since: number | undefined;
  if (filter.since !== undefined) {
    const at = evaluateDateMath(filter.since.trim(), now);
    if (typeof at === 'string') throw new CheckConfigError(`filter.since: ${at}`);
    since = at.getTime() + 1_000; // upstream adds a second, so a last newest time can be reused as since
  }
  return {
    ...(filter.minAge !== undefined ? { minAge: ms(filter.minAge) } : {}),
    ...(filter.maxAge !== undefined ? { maxAge: ms(filter.maxAge) } : {}),
    ...(filter.minSize !== undefined ? { minSize: bytes(filter.minSize) } : {}),
    ...(filter.maxSize !== undefined ? { maxSize: bytes(filter.maxSize) } : {}),
    ...(filter.regex !== undefined ? { regex: filter.regex } : {}),
    ...(since !== undefined ? { since } : {}),
  };
}

function admitted(entry: FolderEntry, filter: Filter, now: number): boolean {
  const age = now - entry.stats.mtimeMs;
  const { size } = entry.stats;
  if (filter.maxAge !== undefined && age > filter.maxAge) return false;
  if (filter.minAge !== undefined && age < filter.minAge) return false;
  if (filter.minSize !== undefined && size < filter.minSize) return false;
  if (filter.maxSize !== undefined && size > filter.maxSize) return false;
  if (filter.regex !== undefined && !linearRegexTest(filter.regex, entry.name)) return false;
  return !(filter.since !== undefined && entry.stats.mtimeMs < filter.since);
}

/** Go's FileMode.String(): a type letter (d, L or -) and the permission bits. */
function modeString(entry: FolderEntry): string {
  const kind = entry.stats.isDirectory() ? 'd' : entry.stats.isSymbolicLink() ? 'L' : '-';
  const bits = 'rwxrwxrwx';
  const perms = [...bits].map((letter, i) => (entry.stats.mode & (1 << (8 - i)) ? letter : '-')).join('');
  return kind + perms;
}

function fileOf(entry: FolderEntry): FolderFile {
  return {
    name: entry.name,
    size: entry.stats.size,
    mode: modeString(entry),
    modified: new Date(entry.stats.mtimeMs).toISOString(),
    ...(entry.stats.isDirectory() ? { is_dir: true } : {}),
  };
}

/** Upstream's results of a listing: the files, the extremes, the file system's sizes. */
function resultsOf(listing: FolderListing, entries: FolderEntry[]) {
  const pick = (better: (a: FolderEntry, b: FolderEntry) => boolean) =>
    entries.reduce<FolderEntry | undefined>((best, entry) => (!best || better(entry, best) ? entry : best), undefined);
  const newest = pick((a, b) => a.stats.mtimeMs > b.stats.mtimeMs) ?? listing.folder;
  const oldest = pick((a, b) => a.stats.mtimeMs < b.stats.mtimeMs) ?? listing.folder;
  const smallest = pick((a, b) => a.stats.size < b.stats.size);
  const largest = pick((a, b) => a.stats.size > b.stats.size);
  return {
    files: entries.map(fileOf),
    ...(newest ? { newest: fileOf(newest) } : {}),
    ...(oldest ? { oldest: fileOf(oldest) } : {}),
    ...(smallest ? { smallest: fileOf(smallest) } : {}),
    ...(largest ? { largest: fileOf(largest) } : {}),
    size: listing.space?.total ?? SIZE_NOT_SUPPORTED,
    availableSize: listing.space?.available ?? SIZE_NOT_SUPPORTED,
  };
}

type Results = ReturnType<typeof resultsOf>;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** A byte count for messages: `12.5 MB` (1 KB = 1024 B, as the sizes are read). */
export function humanBytes(value: number): string {
  let amount = value;
  let unit = 0;
  while (amount >= 1024 && unit < UNITS.length - 1) {
    amount /= 1024;
    unit++;
  }
  return unit === 0 ? `${amount} B` : `${amount.toFixed(1)} ${UNITS[unit]}`;
}

/** An age for messages: `2d3h`, `4m10s`, `850ms`. */
export function humanAge(value: number): string {
  if (value < 1_000) return `${Math.max(0, Math.round(value))}ms`;
  const parts: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1_000, 's'],
  ];
  let left = value;
  let text = '';
  for (const [size, unit] of parts) {
    const count = Math.floor(left / size);
    if (count > 0 || text) text += count > 0 ? `${count}${unit}` : '';
    left -= count * size;
  }
  return text;
}

/** The first test that fails, as upstream's error type and message; undefined when all pass. */
function failedTest(spec: FolderCheckSpec, results: Results, entries: FolderEntry[], now: number) {
  const count = entries.length;
  if (spec.minCount !== undefined && count < spec.minCount) {
    return { errorType: 'min_count', message: `too few files ${count} < ${spec.minCount}` };
  }
  if (spec.maxCount !== undefined && count > spec.maxCount) {
    return { errorType: 'max_count', message: `too many files ${count} > ${spec.maxCount}` };
  }
  const space = [
    ['availableSize', 'available_size', results.availableSize, 'available size'],
    ['totalSize', 'total_size', results.size, 'total size'],
  ] as const;
  for (const [field, errorType, measured, label] of space) {
    const wanted = bytes(spec[field]);
    if (wanted === undefined) continue;
    if (measured === SIZE_NOT_SUPPORTED) return { errorType: 'configuration_error', message: `${label} not supported` };
    if (measured < wanted) {
      return { errorType, message: `${label} too small: ${humanBytes(measured)} < ${spec[field]}` };
    }
  }
  const { newest, oldest, smallest, largest } = results;
  if (count === 0 || !newest || !oldest || !smallest || !largest) return undefined;
  const minAge = ms(spec.minAge);
  const maxAge = ms(spec.maxAge);
  const age = (file: FolderFile) => now - Date.parse(file.modified);
  if (minAge !== undefined && age(newest) < minAge) {
    return { errorType: 'min_age', message: `${newest.name} is too new: ${humanAge(age(newest))} < ${spec.minAge}` };
  }
  if (maxAge !== undefined && age(oldest) > maxAge) {
    return { errorType: 'max_age', message: `${oldest.name} is too old: ${humanAge(age(oldest))} > ${spec.maxAge}` };
  }
  const minSize = bytes(spec.minSize);
  if (minSize !== undefined && smallest.size < minSize) {
    return {
      errorType: 'min_size',
      message: `${smallest.name} is too small: ${humanBytes(smallest.size)} < ${spec.minSize}`,
    };
  }
  const maxSize = bytes(spec.maxSize);
  if (maxSize !== undefined && largest.size > maxSize) {
    return {
      errorType: 'max_size',
      message: `${largest.name} is too large: ${humanBytes(largest.size)} > ${spec.maxSize}`,
    };
  }
  return undefined;
}

async function run(spec: FolderCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const now = new Date();
  const filter = filterOf(spec, now);
  const fail = (errorType: string, message: string, results?: Results): CheckRunOutput => ({
    status: 'unhealthy',
    message,
    error: message,
    details: { errorType, ...(results ? { results } : {}) },
  });
  let listing: FolderListing;
  try {
    if (!ctx.folderConfinement) return fail('configuration_error', NO_FOLDER_ROOTS_MESSAGE);
    listing = await listFolder(spec.path, spec.recursive ?? false, await ctx.folderConfinement());
  } catch (error) {
    if (error instanceof FileConfinementError) return fail('configuration_error', error.message);
    return fail('listing_error', `${spec.path}: ${errorText(error)}`);
  }
  const entries = listing.entries.filter((entry) => admitted(entry, filter, now.getTime()));
  const results = resultsOf(listing, entries);
  const failed = failedTest(spec, results, entries, now.getTime());
  if (failed) return fail(failed.errorType, failed.message, results);
  const cut = listing.truncated ? ` (listing stopped at ${listing.entries.length} entries)` : '';
  return {
    status: 'healthy',
    message: `${entries.length} files in ${spec.path}${cut}`,
    details: { errorType: '', results },
  };
}

/** The folder check type. */
export const folderCheckType: CheckTypeDefinition<FolderCheckSpec> = {
  type: 'folder',
  schema: folderCheckSchema,
  run,
};
