/**
 * The scraper kinds this server runs, one file each; adding a kind touches this folder only. The key is
 * the kind's list name in a ScrapeConfig spec (`spec.file`, `spec.sql`…), in the order entries run.
 */
import { fileKind } from './file.js';
import { httpKind } from './http.js';
import { kubernetesKind } from './kubernetes.js';
import { kubernetesFileKind } from './kubernetes-file.js';
import { sqlKind } from './sql.js';
import { systemKind } from './system.js';

/** Every kind by its spec key. */
export const SCRAPER_KINDS = {
  file: fileKind,
  sql: sqlKind,
  http: httpKind,
  kubernetes: kubernetesKind,
  kubernetesFile: kubernetesFileKind,
  system: systemKind,
} as const;

/** A kind's spec key. */
export type ScraperKindName = keyof typeof SCRAPER_KINDS;
