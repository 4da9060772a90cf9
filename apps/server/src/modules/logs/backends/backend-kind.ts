/**
 * What a log backend kind is (issue 17): one entry of a logging backend's spec (`spec.loki[0]`,
 * `spec.file[1]`…) searched for lines. Kinds never throw for the backend's own refusals without its
 * message: a {@link LogBackendError} carries it to the caller as a 502 (a remote that failed) or a 400
 * (a query the remote refused), never a 500.
 */
import type { LogBackendKind, LogLine, LogLineLevel } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { z } from 'zod';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import type { ResolvedConnection } from '../../connections/index.js';

/** A search as a kind receives it: the window resolved, labels merged with the target's selectors. */
export interface KindSearch {
  text: string;
  start: Date;
  end: Date;
  levels: readonly LogLineLevel[];
  labels: Readonly<Record<string, string>>;
  limit: number;
  /** This kind's own cursor from its previous page, if any. */
  cursor: string | null;
}

/** One page of a kind's lines, newest first. */
export interface KindPage {
  lines: LogLine[];
  total: number | null;
  next: string | null;
}

/** What a kind may use. */
export interface KindContext {
  /** This server's database; absent in an agent process, which searches only its own host's sources. */
  database?: Database;
  egress: EgressGuard;
  signal: AbortSignal;
  resolveConnection(ref: string): Promise<ResolvedConnection>;
  /** Folders the file kind may read below (empty: none, the safe default). */
  fileRoots: readonly string[];
  /** Folders no file kind reads, whatever the roots say (the embedded database, /proc, /sys, /dev). */
  deniedRoots: readonly string[];
}

/** One backend kind: its key in the spec, its entry schema and its search. */
export interface LogBackendKindDefinition<S> {
  kind: LogBackendKind;
  schema: z.ZodType<S>;
  search(entry: S, query: KindSearch, ctx: KindContext): Promise<KindPage>;
}

/**
 * A backend's own failure, reported with its message: `remote` (unreachable, 5xx, bad answer) maps to
 * 502, `query` (the backend refused the query or the entry) to 400.
 */
export class LogBackendError extends Error {
  override name = 'LogBackendError';
  constructor(
    readonly kind: 'remote' | 'query',
    message: string,
  ) {
    super(message);
  }
}
