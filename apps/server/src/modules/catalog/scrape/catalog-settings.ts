/**
 * The catalog's runtime settings, read from properties at each scrape or retention run (so an
 * administrator's change applies at the next run), with config-db's defaults. Documented in docs/catalog.md.
 */
import { isAbsolute } from 'node:path';
import type { Database } from '@mc/db';
import { propertiesService } from '../../properties/index.js';

/** Property: window within which an identical change is counted on one row (config-db `changes.dedup.window`). */
export const DEDUP_WINDOW_PROPERTY = 'catalog.changes.dedup.window';
/** Property: changes older than this are deleted. */
export const RETENTION_AGE_PROPERTY = 'catalog.changes.retention.age';
/** Property: each item keeps at most this many changes (the newest). */
export const RETENTION_COUNT_PROPERTY = 'catalog.changes.retention.count';
/**
 * Property: comma-separated absolute folders the file scraper may read below, added to
 * {@link FILE_ROOTS_ENV}; unset, nothing is read. Only an administrator may write it (contracts'
 * `isAdminOnlyProperty`), since it is the scraper's own confinement.
 */
export const FILE_ROOTS_PROPERTY = 'catalog.scraper.file.roots';
/** Environment variable: the same folders, set by whoever runs the server (the only source on an agent). */
export const FILE_ROOTS_ENV = 'MC_SCRAPER_FILE_ROOTS';

/** Absolute folders of a comma- or newline-separated list; a relative entry is ignored (it would depend on the cwd). */
export function splitFileRoots(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[,\n]/)
    .map((root) => root.trim())
    .filter((root) => isAbsolute(root));
}

/** Defaults of the settings. */
export const CATALOG_DEFAULTS = {
  dedupWindowMs: 60 * 60_000,
  retentionAgeMs: 90 * 24 * 60 * 60_000,
  retentionCount: 1_000,
} as const;

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** Milliseconds of a duration such as `90s`, `1h`, `7d`; undefined when it is not one. */
export function parseDuration(text: string | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)\s*$/.exec(text ?? '');
  if (!match) return undefined;
  return Math.round(Number(match[1]) * (UNITS[match[2] ?? 'ms'] ?? 1));
}

async function property(database: Database, name: string): Promise<string | undefined> {
  try {
    return String((await propertiesService(database).get(name)).value);
  } catch {
    return undefined; // not set: the default applies
  }
}

/** The settings now in force. */
export interface CatalogSettings {
  dedupWindowMs: number;
  retentionAgeMs: number;
  retentionCount: number;
  /** Folders the file scraper may read below: {@link FILE_ROOTS_ENV} and {@link FILE_ROOTS_PROPERTY}. */
  fileRoots: string[];
}

/** Reads the settings (unset or unreadable values fall back to the defaults). */
export async function catalogSettings(database: Database, env = process.env): Promise<CatalogSettings> {
  const [dedup, age, count, roots] = await Promise.all([
    property(database, DEDUP_WINDOW_PROPERTY),
    property(database, RETENTION_AGE_PROPERTY),
    property(database, RETENTION_COUNT_PROPERTY),
    property(database, FILE_ROOTS_PROPERTY),
  ]);
  const keep = Number(count);
  return {
    dedupWindowMs: parseDuration(dedup) ?? CATALOG_DEFAULTS.dedupWindowMs,
    retentionAgeMs: parseDuration(age) ?? CATALOG_DEFAULTS.retentionAgeMs,
    retentionCount: Number.isInteger(keep) && keep > 0 ? keep : CATALOG_DEFAULTS.retentionCount,
    fileRoots: [...new Set([...splitFileRoots(env[FILE_ROOTS_ENV]), ...splitFileRoots(roots)])],
  };
}
