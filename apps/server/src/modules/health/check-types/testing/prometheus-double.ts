/**
 * A TEST DOUBLE of Prometheus's HTTP API (Prometheus itself cannot run here): it answers
 * GET /api/v1/query with the documented response shape — vector samples for known queries, a
 * bad_data error for unknown ones — and checks basic auth when a password is set.
 */
import { startHttpServer, type TestServer } from './targets.js';

/** Vector samples by exact PromQL text: labels and value. */
export type PromSeries = Record<string, { metric: Record<string, string>; value: number }[]>;

/** Starts the double; `auth` (user:password) makes it answer 401 without matching basic auth. */
export function startPrometheusDouble(series: PromSeries, auth?: string): Promise<TestServer> {
  return startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (auth && req.headers.authorization !== `Basic ${Buffer.from(auth).toString('base64')}`) {
      res.writeHead(401).end('Unauthorized');
      return;
    }
    if (url.pathname !== '/api/v1/query') {
      res.writeHead(404).end('404 page not found');
      return;
    }
    const query = url.searchParams.get('query') ?? '';
    const samples = series[query];
    if (!samples) {
      json(400, { status: 'error', errorType: 'bad_data', error: `1:1: parse error: unknown query ${query}` });
      return;
    }
    const now = Date.now() / 1000;
    json(200, {
      status: 'success',
      data: {
        resultType: 'vector',
        result: samples.map((sample) => ({ metric: sample.metric, value: [now, String(sample.value)] })),
      },
    });
  });
}
