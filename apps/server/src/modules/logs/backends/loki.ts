/**
 * The Loki backend: LogQL over Loki's HTTP API, `GET /loki/api/v1/query_range` with `query`, `start`
 * and `end` (nanoseconds), `limit` and `direction=backward` (newest first), through the egress guard
 * with the entry's connection. The query is the text when it is LogQL (starts with `{`), the chosen
 * labels added to its stream selector; otherwise a selector of the labels (or the entry's `selector`)
 * with one `|=` line filter per word. Levels are read from the stream's `level`/`detected_level` label or
 * a JSON line and filtered here. The cursor is the end (ns) of the next, older page; Loki gives no total.
 */
import type { LogLine } from '@mc/contracts';
import { z } from 'zod';
import { LogBackendError, type LogBackendKindDefinition } from './backend-kind.js';
import { clipLine, jsonFieldsOf, levelWanted, normaliseLevel, wordsOf } from './line-text.js';
import { callRemote, jsonOf, remoteTarget } from './remote-http.js';

const lokiEntrySchema = z.object({
  url: z.string().min(1).optional(),
  connection: z.string().min(1).optional(),
  /** The stream selector used when neither the text nor the labels give one (default `{job=~".+"}`). */
  selector: z.string().min(2).optional(),
  /** Loki's multi-tenancy header `X-Scope-OrgID`. */
  tenant: z.string().min(1).optional(),
});
/** One `spec.loki[]` entry. */
export type LokiEntry = z.infer<typeof lokiEntrySchema>;

/** The documented path of a range query. */
export const LOKI_QUERY_RANGE_PATH = '/loki/api/v1/query_range';

const quoted = (value: string) => JSON.stringify(value);
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function matchers(labels: Readonly<Record<string, string>>): string[] {
  return Object.entries(labels).map(([key, value]) => {
    if (!LABEL_NAME.test(key)) throw new LogBackendError('query', `'${key}' is not a valid Loki label name`);
    return `${key}=${quoted(value)}`;
  });
}

/** The LogQL sent for a search. */
export function logqlOf(text: string, labels: Readonly<Record<string, string>>, selector?: string): string {
  const trimmed = text.trim();
  const added = matchers(labels);
  if (trimmed.startsWith('{')) {
    if (added.length === 0) return trimmed;
    const close = trimmed.indexOf('}');
    if (close < 0) throw new LogBackendError('query', 'the LogQL stream selector has no closing }');
    const inner = trimmed.slice(1, close).trim();
    return `{${[inner, ...added].filter(Boolean).join(', ')}}${trimmed.slice(close + 1)}`;
  }
  const streams = added.length > 0 ? `{${added.join(', ')}}` : (selector ?? '{job=~".+"}');
  return [streams, ...wordsOf(trimmed).map((word) => `|= ${quoted(word)}`)].join(' ');
}

const nanos = (date: Date) => `${BigInt(date.getTime()) * 1_000_000n}`;

type LokiAnswer = {
  status?: string;
  data?: { resultType?: string; result?: { stream?: Record<string, string>; values?: [string, string][] }[] };
};

/** The Loki kind. */
export const lokiBackend: LogBackendKindDefinition<LokiEntry> = {
  kind: 'loki',
  schema: lokiEntrySchema,
  async search(entry, query, ctx) {
    const target = await remoteTarget(entry, ctx, 'loki');
    const end = query.cursor ?? nanos(query.end);
    if (!/^\d{1,25}$/.test(end)) throw new LogBackendError('query', 'the cursor is not one this backend gave');
    const url = new URL(`${target.url}${LOKI_QUERY_RANGE_PATH}`);
    url.searchParams.set('query', logqlOf(query.text, query.labels, entry.selector));
    url.searchParams.set('start', nanos(query.start));
    url.searchParams.set('end', end);
    url.searchParams.set('limit', String(query.limit));
    url.searchParams.set('direction', 'backward');
    const headers = { ...target.headers, ...(entry.tenant ? { 'x-scope-orgid': entry.tenant } : {}) };
    const answer = jsonOf(
      'loki',
      await callRemote('loki', ctx, { ...target, url: url.href, headers }, 'GET'),
    ) as LokiAnswer;
    if (answer.status !== 'success' || answer.data?.resultType !== 'streams') {
      throw new LogBackendError(
        'remote',
        `loki answered status '${answer.status}' with result type '${answer.data?.resultType}' (streams expected)`,
      );
    }
    const all: Array<{ ns: bigint; line: LogLine }> = [];
    for (const stream of answer.data.result ?? []) {
      const labels = stream.stream ?? {};
      for (const [ns, text] of stream.values ?? []) {
        const fields = jsonFieldsOf(text);
        const level = normaliseLevel(labels.level ?? labels.detected_level ?? fields?.level);
        all.push({
          ns: BigInt(ns),
          line: {
            timestamp: new Date(Number(BigInt(ns) / 1_000_000n)).toISOString(),
            level,
            message: clipLine(
              typeof fields?.msg === 'string'
                ? fields.msg
                : typeof fields?.message === 'string'
                  ? fields.message
                  : text,
            ),
            labels,
            ...(fields ? { fields } : {}),
          },
        });
      }
    }
    all.sort((a, b) => (a.ns === b.ns ? 0 : a.ns > b.ns ? -1 : 1));
    const page = all.slice(0, query.limit);
    const oldest = page.at(-1);
    return {
      lines: page.filter(({ line }) => levelWanted(line.level, query.levels)).map(({ line }) => line),
      total: null,
      next: oldest && all.length >= query.limit ? String(oldest.ns - 1n) : null,
    };
  },
};
