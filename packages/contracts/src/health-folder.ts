/**
 * The fields of canary-checker's folder check (api/v1 FolderCheck, FolderFilter, FolderTest) and how they
 * are read, shared by the canary editor and the server's check type. Only folders on the server are
 * listed: object stores and shares (`s3://`, `gcs://`, `smb://`, `sftp://`, `\\host\share`) and their
 * connection blocks are refused at save naming the field. `path`, `filter.since` and `filter.regex` may be
 * Go templates, rendered before each run with `last_result` as canary-checker renders them (the server's
 * runner/folder-template.ts; checked at save with the other templates). Sizes are datasize's (`10mb`, `1GB`:
 * binary multiples), durations Go's with `d`, `w` and `y` as canary-checker's duration parser adds.
 */
import { z } from 'zod';

const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  byte: 1,
  bytes: 1,
  k: 2 ** 10,
  kb: 2 ** 10,
  m: 2 ** 20,
  mb: 2 ** 20,
  g: 2 ** 30,
  gb: 2 ** 30,
  t: 2 ** 40,
  tb: 2 ** 40,
  p: 2 ** 50,
  pb: 2 ** 50,
};
const SIZE = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]*)$/;
/** Bit units datasize refuses rather than read as bytes. */
const BIT_UNITS = new Set(['Kb', 'Mb', 'Gb', 'Tb', 'Pb']);

/** Bytes of a size such as `10mb`, `1.5GB`, `512` (datasize's units, 1 KB = 1024 B); undefined when it is none. */
export function parseByteSize(text: string): number | undefined {
  const match = SIZE.exec(text.trim());
  if (!match || BIT_UNITS.has(match[2] ?? '')) return undefined;
  const unit = SIZE_UNITS[(match[2] ?? '').toLowerCase()];
  return unit === undefined ? undefined : Math.floor(Number(match[1]) * unit);
}

const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};
const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h|d|w|y))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w|y)/g;

/** Milliseconds of a duration such as `4m`, `1h30m`, `1d`, `2w`; undefined when it is none. */
export function parseFolderDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DURATION.test(trimmed)) return undefined;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(DURATION_PART))
    total += Number(amount) * (DURATION_UNITS[unit ?? ''] ?? 0);
  return total;
}

/**
 * A `filter.since`: an RFC 3339 time (with or without a zone), or date math (`now-60d`, `now-1h/d`,
 * `2026-01-01||+1M`) as canary-checker's go-datemath reads it; the server evaluates it at each run.
 */
export const FOLDER_SINCE = new RegExp(
  String.raw`^(?:now|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?(?:\|\|)?)` +
    String.raw`(?:[+-]\d{1,9}(?:fy|fQ|[yQMwdbhHms])|\/(?:fy|fQ|[yQMwdbhHms]))*$`,
);

/** A path this server does not list: an object store or a share. */
const REMOTE_PATH = /^(?:s3|gcs|smb|sftp):\/\/|^\\\\/i;

const REMOTE_MESSAGE =
  'is not supported by this server: object stores and shares (s3://, gcs://, smb://, sftp://) are not listed; use a folder on the server';

/** The connection blocks of remote folders, each refused at save. */
export const FOLDER_CONNECTION_FIELDS = ['awsConnection', 'gcpConnection', 'smbConnection', 'sftpConnection'] as const;

const size = (field: string) =>
  z
    .string()
    .refine((value) => parseByteSize(value) !== undefined, `${field} must be a size such as 10mb or 1GB`)
    .optional();

const duration = (field: string) =>
  z
    .string()
    .refine((value) => parseFolderDuration(value) !== undefined, `${field} must be a duration such as 4m, 1h or 1d`)
    .optional();

const regex = z
  .string()
  .refine((pattern) => {
    try {
      new RegExp(pattern);
      return true;
    } catch {
      return false;
    }
  }, 'filter.regex must be a regular expression')
  .optional();

/** canary-checker's FolderFilter: which entries of the folder count. */
export const folderFilterSchema = z.object({
  minAge: duration('filter.minAge'),
  maxAge: duration('filter.maxAge'),
  since: z
    .string()
    .refine(
      (value) => value.includes('{{') || FOLDER_SINCE.test(value.trim()),
      'filter.since must be an RFC 3339 time or date math such as now-60d',
    )
    .optional(),
  minSize: size('filter.minSize'),
  maxSize: size('filter.maxSize'),
  regex,
});

/** The folder check's own fields (the description and expression fields come from health.ts). */
export const folderCheckFields = {
  path: z.string().min(1, 'path is required'),
  recursive: z.boolean().optional(),
  filter: folderFilterSchema.optional(),
  minAge: duration('minAge'),
  maxAge: duration('maxAge'),
  minCount: z.number().int().nonnegative().optional(),
  maxCount: z.number().int().nonnegative().optional(),
  minSize: size('minSize'),
  maxSize: size('maxSize'),
  availableSize: size('availableSize'),
  totalSize: size('totalSize'),
  awsConnection: z.unknown().optional(),
  gcpConnection: z.unknown().optional(),
  smbConnection: z.unknown().optional(),
  sftpConnection: z.unknown().optional(),
};

/**
 * Fields of a folder check rendered as Go templates before each run (canary-checker templates the whole
 * check; these are the ones whose text this server reads as free text, the others are checked values).
 */
export const FOLDER_TEMPLATED_FIELDS = ['path', 'filter.since', 'filter.regex'] as const;

/** The text of `path` or `filter.<field>` of a folder check entry, if it is one. */
export function folderFieldText(spec: Record<string, unknown>, field: string): string | undefined {
  const [head, tail] = field.split('.');
  const value = spec[head ?? ''];
  // a filter object
  const text =
    tail === undefined
      ? value
      : value && typeof value === 'object'
        ? (value as Record<string, unknown>)[tail]
        : undefined;
  return typeof text === 'string' ? text : undefined;
}

/** The save-time refusals of a folder check: remote paths and connection blocks, each named. */
export function refuseRemoteFolder(spec: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (typeof spec.path === 'string' && REMOTE_PATH.test(spec.path.trim())) {
    ctx.addIssue({ code: 'custom', path: ['path'], message: `path ${spec.path} ${REMOTE_MESSAGE}` });
  }
  for (const field of FOLDER_CONNECTION_FIELDS) {
    if (spec[field] !== undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} ${REMOTE_MESSAGE}` });
  }
}
