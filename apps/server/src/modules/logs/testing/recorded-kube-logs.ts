/**
 * TEST DOUBLE of the Kubernetes API's pod log calls (no cluster runs here): a local HTTP server answering
 * `GET /api/v1/namespaces/{ns}/pods` (a PodList, filtered by `labelSelector`) and
 * `GET /api/v1/namespaces/{ns}/pods/{pod}/log` in the API's documented form — text/plain lines each led by
 * its RFC 3339 timestamp when `timestamps=true`, only lines at or after `sinceTime`, the last
 * `tailLines` of them. An unknown pod answers the API's 404 Status; a request without the bearer token
 * it was started with answers 401. Every request path is kept for the test to assert on.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running double. */
export interface RecordedKubeLogs {
  url: string;
  requests: string[];
  /** A kubeconfig whose current context points at the double with its token. */
  kubeconfig: string;
  close(): Promise<void>;
}

interface Pod {
  name: string;
  labels: Record<string, string>;
  lines: { at: Date; text: string }[];
}

/** The recorded pods of namespace `shop`: two web pods and a worker, lines around `base`. */
export function recordedPods(base: Date): Pod[] {
  const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
  return [
    {
      name: 'web-7d9f-abcde',
      labels: { app: 'web' },
      lines: [
        { at: at(5), text: 'listening on :8080' },
        { at: at(25), text: '{"level":"error","msg":"db connection refused","retry":1}' },
      ],
    },
    { name: 'web-7d9f-fghij', labels: { app: 'web' }, lines: [{ at: at(15), text: 'GET /health 200' }] },
    { name: 'worker-55c6-klmno', labels: { app: 'worker' }, lines: [{ at: at(20), text: 'job done' }] },
  ];
}

const status = (code: number, message: string) =>
  JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message, code });

/** Starts the double on a free port of 127.0.0.1. */
export async function startRecordedKubeLogs(base: Date): Promise<RecordedKubeLogs> {
  const token = 'recorded-kube-logs-token';
  const pods = recordedPods(base);
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://kube');
    requests.push(`${url.pathname}${url.search}`);
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(status(401, 'Unauthorized'));
    }
    const list = /^\/api\/v1\/namespaces\/shop\/pods$/.exec(url.pathname);
    if (list) {
      const wanted = (url.searchParams.get('labelSelector') ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split('='));
      const items = pods
        .filter((pod) => wanted.every(([key, value]) => pod.labels[key ?? ''] === value))
        .map((pod) => ({ metadata: { name: pod.name, namespace: 'shop', labels: pod.labels } }));
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: {}, items }));
    }
    const log = /^\/api\/v1\/namespaces\/shop\/pods\/([^/]+)\/log$/.exec(url.pathname);
    const pod = pods.find((candidate) => candidate.name === log?.[1]);
    if (!log || !pod) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(status(404, `pods "${log?.[1] ?? ''}" not found`));
    }
    const since = url.searchParams.get('sinceTime');
    const tail = Number(url.searchParams.get('tailLines') ?? Number.POSITIVE_INFINITY);
    const lines = pod.lines
      .filter((line) => !since || line.at >= new Date(since))
      .slice(-tail)
      .map((line) =>
        url.searchParams.get('timestamps') === 'true' ? `${line.at.toISOString()} ${line.text}` : line.text,
      );
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(lines.map((line) => `${line}\n`).join(''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    kubeconfig: [
      'apiVersion: v1',
      'kind: Config',
      'current-context: recorded',
      'clusters:',
      `  - name: recorded\n    cluster:\n      server: ${url}`,
      'users:',
      `  - name: logs\n    user:\n      token: ${token}`,
      'contexts:',
      '  - name: recorded\n    context:\n      cluster: recorded\n      user: logs',
    ].join('\n'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
