/**
 * TEST DOUBLE of a Kubernetes API server (no cluster runs here): a local HTTP server answering the list
 * calls of the kubernetes scraper with the responses in `recorded-kube-api.json` — List documents in the
 * API's own shape (kind, apiVersion, metadata.continue, items with uid, ownerReferences, status) for a
 * small cluster: two namespaces, one node, a deployment with its replica set and two pods (served over
 * two pages, as `limit`/`continue` paging does), a service, a config map, a stateful set and a daemon
 * set. Namespaced list paths (`/api/v1/namespaces/default/pods?labelSelector=app=web`) are answered from
 * the cluster-wide recording, filtered. Pod exec (`cat <path>`, for kubernetesFile) is served over a
 * WebSocket in the `v4.channel.k8s.io` framing with the recorded file contents under `exec`. Paths it
 * has no recording for answer 404, as an API group a cluster does not serve does. Every request must
 * carry the bearer token the double was started with (401 otherwise, as the API does).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running double. */
export interface RecordedKubeApi {
  url: string;
  token: string;
  /** Paths requested so far (with their query). */
  requests: string[];
  /** A kubeconfig whose current context points at the double. */
  kubeconfig(token?: string): string;
  close(): Promise<void>;
}

type KubeList = {
  kind: string;
  apiVersion: string;
  items: { metadata?: { namespace?: string; labels?: Record<string, string> } }[];
};
type Recording = Record<string, KubeList> & { exec: Record<string, string> };

/** The recording of a path; a namespaced list is the cluster-wide one filtered by namespace and labels. */
function listOf(pathname: string, labelSelector: string | null): KubeList | undefined {
  const scoped = /^(\/apis?\/.*?)\/namespaces\/([^/]+)\/([a-z]+)$/.exec(pathname);
  const key = scoped ? `${scoped[1]}/${scoped[3]}` : pathname;
  const list = recording[key];
  if (!list) return undefined;
  const wanted = (labelSelector ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('='));
  return {
    ...list,
    items: list.items.filter(
      (item) =>
        (!scoped || item.metadata?.namespace === scoped[2]) &&
        wanted.every(([label, value]) => item.metadata?.labels?.[label ?? ''] === value),
    ),
  };
}

/** One unmasked server WebSocket frame. */
function frame(opcode: number, payload: Buffer): Buffer {
  const head =
    payload.length < 126
      ? Buffer.from([0x80 | opcode, payload.length])
      : Buffer.from([0x80 | opcode, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([head, payload]);
}

const recording = JSON.parse(readFileSync(new URL('./recorded-kube-api.json', import.meta.url), 'utf8')) as Recording; // the fixture file holds List documents by path

/** Starts the double on a free port of 127.0.0.1. `pageSize` forces paging (default: the client's limit). */
export async function startRecordedKubeApi(options: { pageSize?: number } = {}): Promise<RecordedKubeApi> {
  const token = 'recorded-kube-api-token';
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    requests.push(`${url.pathname}${url.search}`);
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.statusCode = 401;
      res.end(
        JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'Unauthorized', code: 401 }),
      );
      return;
    }
    const list = listOf(url.pathname, url.searchParams.get('labelSelector'));
    if (!list) {
      res.statusCode = 404;
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }));
      return;
    }
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 500), options.pageSize ?? Number.POSITIVE_INFINITY);
    const start = Number(url.searchParams.get('continue') ?? 0);
    const items = list.items.slice(start, start + limit);
    const next = start + limit < list.items.length ? String(start + limit) : undefined;
    res.end(
      JSON.stringify({ ...list, metadata: { resourceVersion: '1000', ...(next ? { continue: next } : {}) }, items }),
    );
  });
  server.on('upgrade', (req, socket) => {
    const url = new URL(req.url ?? '/', 'http://double');
    requests.push(`${url.pathname}${url.search}`);
    const exec = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/exec$/.exec(url.pathname);
    if (req.headers.authorization !== `Bearer ${token}` || !exec) {
      socket.end(`HTTP/1.1 ${exec ? '401 Unauthorized' : '404 Not Found'}\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: v4.channel.k8s.io\r\n\r\n`,
    );
    const [, path = ''] = url.searchParams.getAll('command');
    const content = recording.exec[`${exec[1]}/${exec[2]}:${path}`];
    const channel = (n: number, text: string) => frame(2, Buffer.concat([Buffer.from([n]), Buffer.from(text)]));
    if (content === undefined) {
      socket.write(channel(2, `cat: ${path}: No such file or directory\n`));
      socket.write(channel(3, '{"metadata":{},"status":"Failure","reason":"NonZeroExitCode"}'));
    } else {
      socket.write(channel(1, content));
      socket.write(channel(3, '{"metadata":{},"status":"Success"}'));
    }
    socket.end(frame(8, Buffer.alloc(0)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
  return {
    url,
    token,
    requests,
    kubeconfig: (use = token) =>
      [
        'apiVersion: v1',
        'kind: Config',
        'current-context: recorded',
        'clusters:',
        `  - name: recorded\n    cluster:\n      server: ${url}`,
        'users:',
        `  - name: scraper\n    user:\n      token: ${use}`,
        'contexts:',
        '  - name: recorded\n    context:\n      cluster: recorded\n      user: scraper',
      ].join('\n'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
