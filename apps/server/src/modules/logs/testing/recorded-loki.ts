/**
 * TEST DOUBLE of Loki's HTTP API (no Loki runs here): a local HTTP server answering
 * `GET /loki/api/v1/query_range` the way Loki documents it — `query` (LogQL), `start` and `end` in
 * nanoseconds, `limit`, `direction` — with a recorded `streams` answer (status, data.resultType,
 * data.result[].stream labels and values of [nanosecond timestamp, line]). It checks the request as Loki
 * would: a missing or malformed parameter answers 400 with Loki's plain-text error, a query that is not
 * a stream selector answers 400 `parse error`, and, with a tenant set, a request without
 * `X-Scope-OrgID` answers 401 `no org id`. Every request is kept for the test to assert on.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the double received. */
export interface LokiRequest {
  path: string;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** A running double. */
export interface RecordedLoki {
  url: string;
  requests: LokiRequest[];
  close(): Promise<void>;
}

/** The recorded answer: two streams of a web app, lines at `base` + n seconds (nanosecond strings). */
export function recordedStreams(base: Date) {
  const ns = (offsetSeconds: number) => `${BigInt(base.getTime() + offsetSeconds * 1000) * 1_000_000n}`;
  return {
    status: 'success',
    data: {
      resultType: 'streams',
      result: [
        {
          stream: { app: 'web', namespace: 'prod', level: 'error' },
          values: [
            [ns(30), 'GET /checkout 504 upstream timeout after 30s'],
            [ns(10), 'GET /cart 504 upstream timeout after 30s'],
          ],
        },
        {
          stream: { app: 'web', namespace: 'prod', level: 'info' },
          values: [[ns(20), '{"level":"info","msg":"retrying upstream timeout","attempt":2}']],
        },
      ],
      stats: {},
    },
  };
}

/** Starts the double on a free port of 127.0.0.1; `tenant` makes `X-Scope-OrgID` required. */
export async function startRecordedLoki(base: Date, options: { tenant?: string } = {}): Promise<RecordedLoki> {
  const requests: LokiRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loki');
    const params = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, params, headers: req.headers });
    const fail = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(text);
    };
    if (url.pathname !== '/loki/api/v1/query_range') return fail(404, '404 page not found');
    if (options.tenant && req.headers['x-scope-orgid'] !== options.tenant) return fail(401, 'no org id');
    for (const name of ['start', 'end', 'limit']) {
      if (!/^\d+$/.test(params[name] ?? '')) return fail(400, `invalid parameter "${name}"`);
    }
    if (params.direction !== 'backward' && params.direction !== 'forward') return fail(400, 'invalid direction');
    if (!params.query?.trim().startsWith('{')) {
      return fail(400, `parse error at line 1, col 1: syntax error: unexpected IDENTIFIER`);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(recordedStreams(base)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
