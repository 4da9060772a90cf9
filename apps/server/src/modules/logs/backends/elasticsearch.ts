/**
 * The Elasticsearch backend (and, with the same protocol, OpenSearch's — see opensearch.ts): the query
 * DSL over `POST /<index>/_search` through the egress guard with the entry's connection. The search is
 * a `bool` query: a `range` on the timestamp field for the window, a `term` per chosen label, `terms` on
 * the level field, and the text as a `query_string` (Lucene syntax); sorted newest first, paged with
 * `from`/`size`, `track_total_hits` for the total (known when Elasticsearch says `eq`).
 */
import type { LogBackendKind } from '@mc/contracts';
import { z } from 'zod';
import { LogBackendError, type LogBackendKindDefinition } from './backend-kind.js';
import { clipLine, normaliseLevel } from './line-text.js';
import { callRemote, jsonOf, remoteTarget } from './remote-http.js';

const searchEntrySchema = z.object({
  url: z.string().min(1).optional(),
  connection: z.string().min(1).optional(),
  index: z.string().min(1).max(500),
  /** A query_string always added (e.g. `kubernetes.namespace:prod`). */
  query: z.string().optional(),
  timestampField: z.string().min(1).default('@timestamp'),
  messageField: z.string().min(1).default('message'),
  levelField: z.string().min(1).default('level'),
});
/** One `spec.elasticsearch[]` / `spec.opensearch[]` entry. */
export type SearchEntry = z.infer<typeof searchEntrySchema>;

/** Deepest page reachable with from/size (Elasticsearch's default max_result_window). */
const MAX_RESULT_WINDOW = 10_000;

/** The `_search` body sent for a search (exported for the protocol doubles' tests). */
export function searchBodyOf(
  entry: SearchEntry,
  query: {
    text: string;
    start: Date;
    end: Date;
    levels: readonly string[];
    labels: Readonly<Record<string, string>>;
    limit: number;
  },
  from: number,
): Record<string, unknown> {
  const filter: unknown[] = [
    { range: { [entry.timestampField]: { gte: query.start.toISOString(), lte: query.end.toISOString() } } },
    ...Object.entries(query.labels).map(([field, value]) => ({ term: { [field]: value } })),
  ];
  if (query.levels.length > 0) filter.push({ terms: { [entry.levelField]: query.levels } });
  const must = [entry.query, query.text.trim()]
    .filter((text): text is string => Boolean(text))
    .map((text) => ({ query_string: { query: text, default_field: entry.messageField } }));
  return {
    size: query.limit,
    from,
    track_total_hits: true,
    sort: [{ [entry.timestampField]: { order: 'desc' } }],
    query: { bool: { filter, ...(must.length > 0 ? { must } : {}) } },
  };
}

function valueAt(source: Record<string, unknown>, path: string): unknown {
  if (path in source) return source[path];
  let current: unknown = source;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part]; // walking a JSON document
  }
  return current;
}

type SearchAnswer = {
  hits?: {
    total?: number | { value?: number; relation?: string };
    hits?: { _index?: string; _source?: Record<string, unknown> }[];
  };
};

/** A search-DSL kind for `kind` (elasticsearch or opensearch): same protocol, own name in messages. */
export function searchDslBackend(
  kind: Extract<LogBackendKind, 'elasticsearch' | 'opensearch'>,
): LogBackendKindDefinition<SearchEntry> {
  return {
    kind,
    schema: searchEntrySchema,
    async search(entry, query, ctx) {
      const target = await remoteTarget(entry, ctx, kind);
      const from = Number(query.cursor ?? 0);
      if (!Number.isInteger(from) || from < 0 || from + query.limit > MAX_RESULT_WINDOW) {
        throw new LogBackendError(
          'query',
          `${kind} pages reach at most ${MAX_RESULT_WINDOW} lines deep; narrow the search`,
        );
      }
      const url = `${target.url}/${encodeURIComponent(entry.index).replaceAll('%2C', ',').replaceAll('%2A', '*')}/_search`;
      const response = await callRemote(kind, ctx, { ...target, url }, 'POST', searchBodyOf(entry, query, from));
      const answer = jsonOf(kind, response) as SearchAnswer;
      const hits = answer.hits?.hits ?? [];
      const total = answer.hits?.total;
      const known = typeof total === 'number' ? total : total?.relation === 'eq' ? (total.value ?? null) : null;
      const lines = hits.map((hit) => {
        const source = hit._source ?? {};
        const time = new Date(String(valueAt(source, entry.timestampField) ?? ''));
        const labels: Record<string, string> = { index: hit._index ?? entry.index };
        for (const key of Object.keys(query.labels)) {
          const value = valueAt(source, key);
          if (value !== undefined && value !== null) labels[key] = String(value);
        }
        return {
          timestamp: Number.isNaN(time.getTime()) ? new Date(0).toISOString() : time.toISOString(),
          level: normaliseLevel(valueAt(source, entry.levelField)),
          message: clipLine(String(valueAt(source, entry.messageField) ?? JSON.stringify(source))),
          labels,
          fields: source,
        };
      });
      const reached = from + hits.length;
      const more = known === null ? hits.length === query.limit : reached < known;
      return { lines, total: known, next: more && reached < MAX_RESULT_WINDOW ? String(reached) : null };
    },
  };
}

/** The Elasticsearch kind. */
export const elasticsearchBackend = searchDslBackend('elasticsearch');
