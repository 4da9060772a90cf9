/**
 * Searching the entries of one backend's spec and merging their pages: the part of a log search that
 * runs where the logs are — in the server for its own backends, in an agent for a backend assigned to it
 * (docs/agents.md). Resolving the backend, the window and the target's labels stays upstream.
 */
import { LOG_BACKEND_KINDS, type LogBackendKind, type LogLineLevel, type LogSearchResponse } from '@mc/contracts';
import { AppError } from '../../platform/errors.js';
import { type KindContext, type KindPage, LogBackendError } from './backends/backend-kind.js';
import { LOG_BACKEND_REGISTRY } from './backends/registry.js';

/** Longest a backend may take to answer one search. */
export const SEARCH_TIMEOUT_MS = 30_000;

/** One entry of a backend's spec (`spec.<kind>[index]`). */
export interface BackendEntry {
  kind: LogBackendKind;
  index: number;
  entry: unknown;
}

/** A search resolved for the entries: window, levels, labels (the target's merged in), page size. */
export interface EntriesSearch {
  text: string;
  start: Date;
  end: Date;
  levels: readonly LogLineLevel[];
  labels: Readonly<Record<string, string>>;
  limit: number;
}

/** The kinds a spec holds, in the contract's order. */
export function kindsOf(spec: Record<string, unknown>): LogBackendKind[] {
  return LOG_BACKEND_KINDS.filter((kind) => Array.isArray(spec[kind]) && (spec[kind] as unknown[]).length > 0); // checked just before
}

/** Every entry of a spec, kind by kind. */
export function entriesOf(spec: Record<string, unknown>): BackendEntry[] {
  return kindsOf(spec).flatMap(
    (kind) => (spec[kind] as unknown[]).map((entry, index) => ({ kind, index, entry })), // kindsOf checked the array
  );
}

/** A 400 naming every problem of a request or an entry. */
export function invalid(issues: { path: PropertyKey[]; message: string }[], prefix: string): AppError {
  const words = issues.map(
    (issue) => `${[prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body'}: ${issue.message}`,
  );
  return new AppError('bad_request', `Invalid request: ${words.join('; ')}`, issues);
}

/**
 * Searches each entry (validated with its kind's schema first) and answers one page per entry, null for
 * an entry whose cursor says it has no older lines. A backend's refusal or failure is a
 * {@link LogBackendError}; an invalid entry an AppError 400; no answer before `ctx.signal` ends a
 * LogBackendError naming the kind.
 */
export async function searchEntries(
  backendName: string,
  entries: readonly BackendEntry[],
  search: EntriesSearch,
  cursors: readonly (string | null)[] | null,
  ctx: KindContext,
): Promise<(KindPage | null)[]> {
  const pages: (KindPage | null)[] = [];
  for (const [position, { kind, index, entry }] of entries.entries()) {
    const cursor = cursors ? (cursors[position] ?? null) : null;
    if (cursors && cursor === null) {
      pages.push(null); // this entry has no older lines
      continue;
    }
    const definition = LOG_BACKEND_REGISTRY[kind];
    const parsed = definition.schema.safeParse(entry ?? {});
    if (!parsed.success) throw invalid(parsed.error.issues, `log backend '${backendName}' spec.${kind}[${index}]`);
    try {
      pages.push(await definition.search(parsed.data, { ...search, cursor }, ctx));
    } catch (error) {
      if (error instanceof LogBackendError) throw error;
      if (ctx.signal.aborted)
        throw new LogBackendError('remote', `${kind}: no answer within ${SEARCH_TIMEOUT_MS / 1000} s`);
      throw error;
    }
  }
  return pages;
}

/** Cursors of several entries travel as one opaque string. */
export function decodeCursor(cursor: string | undefined, count: number): (string | null)[] | null {
  if (cursor === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === count && parsed.every((c) => c === null || typeof c === 'string')) {
      return parsed as (string | null)[]; // checked element by element above
    }
  } catch {
    // reported below
  }
  throw new AppError('bad_request', 'Invalid request: query.cursor: not a cursor this search gave');
}

const encodeCursor = (cursors: (string | null)[]) =>
  cursors.some((cursor) => cursor !== null) ? Buffer.from(JSON.stringify(cursors)).toString('base64url') : null;

/** The pages of every entry as one answer: lines newest first, a total when every entry knew its own. */
export function mergePages(
  backendName: string,
  entries: readonly BackendEntry[],
  pages: readonly (KindPage | null)[],
): LogSearchResponse {
  const lines = pages
    .flatMap((page) => page?.lines ?? [])
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0));
  const totals = pages.map((page) => (page ? page.total : 0));
  return {
    backend: { name: backendName, kinds: [...new Set(entries.map((e) => e.kind))] },
    lines,
    total: totals.every((total) => total !== null)
      ? totals.reduce<number>((sum, total) => sum + (total ?? 0), 0)
      : null,
    next: encodeCursor(pages.map((page) => page?.next ?? null)),
  };
}
