/**
 * TEST DOUBLE of the OpenSearch / Elasticsearch search API (neither runs here): a local HTTP server
 * answering `POST /<index>/_search` with a recorded answer in the documented shape (`took`, `hits.total`
 * `{value, relation}`, `hits.hits[]` with `_index`, `_id`, `_source`). It checks the request as the
 * engine would: a body that is not JSON, a missing `query`, or a `query_string` Lucene cannot parse
 * (unbalanced parentheses or quotes) answers 400 with the engine's error document (`error.root_cause[0]
 * .reason`, `status`); basic credentials other than the ones it was started with answer 401; an unknown
 * index answers 404 `index_not_found_exception`. Every request body is kept for the test.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the double received. */
export interface SearchRequestSeen {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** A running double. */
export interface RecordedOpenSearch {
  url: string;
  requests: SearchRequestSeen[];
  close(): Promise<void>;
}

const error = (status: number, type: string, reason: string) => ({
  error: { root_cause: [{ type, reason }], type, reason },
  status,
});

/** The recorded hits: three lines of the `payments` service around `base`. */
export function recordedHits(base: Date) {
  const at = (seconds: number) => new Date(base.getTime() + seconds * 1000).toISOString();
  const hit = (id: string, seconds: number, level: string, message: string) => ({
    _index: 'logs-2026.11',
    _id: id,
    _score: null,
    _source: { '@timestamp': at(seconds), level, message, service: 'payments', host: { name: 'node-1' } },
    sort: [base.getTime() + seconds * 1000],
  });
  return {
    took: 3,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: {
      total: { value: 3, relation: 'eq' },
      max_score: null,
      hits: [
        hit('c', 30, 'ERROR', 'card declined: gateway timeout'),
        hit('b', 20, 'WARN', 'gateway slow: 2.1s'),
        hit('a', 10, 'INFO', 'payment accepted'),
      ],
    },
  };
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0 && (text.match(/"/g) ?? []).length % 2 === 0;
}

/** Starts the double; `index` is the one index it knows, `credentials` the basic user and password. */
export async function startRecordedOpenSearch(
  base: Date,
  options: { index: string; credentials?: { username: string; password: string } },
): Promise<RecordedOpenSearch> {
  const requests: SearchRequestSeen[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += String(chunk);
    });
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://search');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text || '{}') as Record<string, unknown>; // checked below
      } catch {
        return answer(400, error(400, 'parse_exception', 'request body is required and must be JSON'));
      }
      requests.push({ path: url.pathname, authorization: req.headers.authorization, body });
      const { credentials } = options;
      if (credentials) {
        const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
        if (req.headers.authorization !== expected) {
          return answer(401, error(401, 'security_exception', 'missing authentication credentials for REST request'));
        }
      }
      const match = /^\/([^/]+)\/_search$/.exec(url.pathname);
      if (req.method !== 'POST' || !match)
        return answer(405, error(405, 'method_not_allowed', 'use POST /<index>/_search'));
      if (decodeURIComponent(match[1] ?? '') !== options.index) {
        return answer(404, error(404, 'index_not_found_exception', `no such index [${match[1]}]`));
      }
      if (typeof body.query !== 'object' || body.query === null) {
        return answer(400, error(400, 'parsing_exception', 'a query is required'));
      }
      for (const text of JSON.stringify(body.query).match(/"query":"((?:[^"\\]|\\.)*)"/g) ?? []) {
        const value = JSON.parse(`{${text}}`).query as string;
        if (!balanced(value)) {
          return answer(400, error(400, 'query_shard_exception', `Failed to parse query [${value}]`));
        }
      }
      return answer(200, recordedHits(base));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
