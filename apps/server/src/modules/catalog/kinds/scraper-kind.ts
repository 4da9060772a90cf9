/**
 * What a scraper kind is and returns. A kind turns one entry of a ScrapeConfig (`spec.file[0]`,
 * `spec.sql[1]`…) into configuration items; the scrape engine (../scrape/) compares them with the stored
 * items, records changes, insights and relationships. A kind never writes to the database itself.
 */
import type { ScrapedAccess } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { z } from 'zod';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import type { ResolvedConnection } from '../../connections/index.js';
import type { AnalysisRule } from '../insights/analysis-rule-schema.js';

/** A reference to another item of the same scrape: its type and its key (external id). */
export interface ItemRef {
  type: string;
  key: string;
}

/** A hard relationship from the source: this item relates to `to` (e.g. a Deployment owns a ReplicaSet). */
export interface ScrapedRelationship {
  /** The owner / parent side. */
  from: ItemRef;
  /** The owned / child side. */
  to: ItemRef;
  relation: string;
}

/** One configuration item as a kind produced it. */
export interface ScrapedItem {
  /** The item's id in its source (external id); unique per scraper and type. */
  key: string;
  type: string;
  name: string;
  configClass: string;
  config: unknown;
  description?: string | null;
  status?: string | null;
  health?: string | null;
  icon?: string | null;
  labels?: Record<string, string> | null;
  tags?: Record<string, string> | null;
  properties?: unknown;
  externalIds?: string[];
  /** Where in the source it came from (a file path, a URL, a query). */
  source?: string | null;
  parent?: ItemRef;
  createdAt?: string | null;
  /** Set by the entry's `deleteFields`: the item is stored soft-deleted at this time (item-timestamps.ts). */
  deletedAt?: string | null;
  deleteReason?: string | null;
  /** Changes the source reported for this item or another of the scrape (`spec.full`, scrape/full-mode.ts). */
  changes?: ScrapedChange[];
  /** Full mode: a document of changes with no `config`, no item of its own (scrape/full-mode.ts). */
  changesOnly?: boolean;
  /** Full mode: the access entries the document listed (catalog/access/access-entries.ts). */
  access?: ScrapedAccess;
}

/** A change found inside a scraped document in full mode (config-db's ChangeResult fields). */
export interface ScrapedChange {
  /** The item it is about: the carrying item unless the change names `external_id`/`config_type`. */
  target: ItemRef;
  externalChangeId: string | null;
  changeType: string;
  severity: string | null;
  summary: string | null;
  source: string | null;
  createdBy: string | null;
  createdAt: string | null;
  details: unknown;
  diff: string | null;
  patches: unknown;
}

/** What one kind entry produced. */
export interface KindOutput {
  items: ScrapedItem[];
  relationships: ScrapedRelationship[];
  errors: string[];
  /** Rules of the entry, evaluated over each of its items by the engine. */
  rules: AnalysisRule[];
}

/** What a kind may use while it scrapes. */
export interface KindContext {
  /** The server's database; absent in an agent process (docs/agents.md), which reads only its own sources. */
  database?: Database;
  signal: AbortSignal;
  egress: EgressGuard;
  resolveConnection(ref: string): Promise<ResolvedConnection>;
  /** The stored connections, without their secrets (for the system scraper). */
  listConnections(): Promise<{ id: string; name: string; namespace: string; type: string }[]>;
  /** Folders a file-reading kind may read below (empty: none, the safe default; an administrator sets them). */
  fileRoots: readonly string[];
  /** Folders no file-reading kind reads, whatever the roots say (platform/file-confinement.ts serverOwnFolders). */
  deniedRoots: readonly string[];
  scraper: { id: string; name: string; namespace: string };
}

/** One scraper kind: its key in the spec, its entry schema and its scrape. */
export interface ScraperKind<S> {
  name: string;
  schema: z.ZodType<S>;
  scrape(entry: S, ctx: KindContext): Promise<KindOutput>;
}

/** An empty output to fill. */
export function emptyOutput(): KindOutput {
  return { items: [], relationships: [], errors: [], rules: [] };
}
