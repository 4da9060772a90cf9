import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { spawnServer } from '../../test/server-process.js';

/**
 * Issue 31: a real server process with OTEL_EXPORTER_OTLP_ENDPOINT set sends its spans to a real OTLP/HTTP
 * receiver started here (JSON encoding, OTEL_EXPORTER_OTLP_PROTOCOL=http/json). Running a check through
 * the API makes one trace: the request's server span, the check run's span under it, database spans
 * under those, and the checked service receives a `traceparent` of that trace; log lines written inside
 * a span carry its ids. A canary from MC_CANARY_DIR, run by the job thread at start, makes its own trace
 * there (job, check, queries), and that thread's metrics reach /metrics.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

const ADMIN = { email: 'traces@example.test', password: 'correct horse battery staple 31' };
const SERVICE_NAME = 'mc-trace-test';

let receiver: Server;
let target: Server;
const spans: OtlpSpan[] = [];
const serviceNames = new Set<string>();
/** The `traceparent` each path of the checked service received. */
const traceparents: Record<string, string[]> = {};

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(() => {
  receiver = createServer(async (req, res) => {
    const text = await body(req);
    if (req.method === 'POST' && req.url === '/v1/traces' && /json/.test(req.headers['content-type'] ?? '')) {
      const payload = JSON.parse(text) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      };
      for (const resource of payload.resourceSpans) {
        const name = resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
        if (name) serviceNames.add(name);
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
    }
    res.setHeader('content-type', 'application/json').end('{}');
  });
  target = createServer((req, res) => {
    const path = req.url ?? '';
    traceparents[path] = [...(traceparents[path] ?? []), String(req.headers.traceparent ?? '')];
    res.end('ok');
  });
});

afterAll(async () => {
  await Promise.all([receiver, target].map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A span's attributes as plain values. */
const attributesOf = (span: OtlpSpan) =>
  Object.fromEntries((span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]));

async function until<T>(
  what: string,
  find: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// About 5 s on an idle machine (most of it the server's start); the bound leaves room for a loaded one.
test('a check run through the API is one trace: request, check, database, and the checked service', {
  timeout: 120_000,
}, async () => {
  const otlp = await listen(receiver);
  const targetUrl = await listen(target);
  // A canary from a folder runs in the job thread as soon as the server starts.
  const canaryDir = mkdtempSync(join(tmpdir(), 'mc-traces-canaries-'));
  writeFileSync(
    join(canaryDir, 'scheduled.yaml'),
    [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata: {name: scheduled}',
      'spec:',
      "  schedule: '@every 1h'",
      `  http: [{name: scheduled-api, endpoint: '${targetUrl}/scheduled', responseCodes: [200]}]`,
    ].join('\n'),
  );
  const env: Record<string, string> = {
    MC_ADMIN_EMAIL: ADMIN.email,
    MC_ADMIN_PASSWORD: ADMIN.password,
    MC_CANARY_DIR: canaryDir,
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: SERVICE_NAME,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  let cleanup = async () => {};
  if (testEngine() === 'postgres') {
    const created = await createPostgresTestUrl();
    cleanup = created.drop;
    env.DATABASE_URL = created.url;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'mc-traces-'));
    env.MC_DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const server = spawnServer(env);
  try {
    const url = await server.url;
    let token: string | undefined;
    while (!token) {
      const flow = (await (await fetch(`${url}/api/.ory/self-service/login/api`)).json()) as { id: string };
      const response = await fetch(`${url}/api/.ory/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'password', identifier: ADMIN.email, password: ADMIN.password }),
      });
      if (response.ok) token = ((await response.json()) as { session_token: string }).session_token;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const api = async (method: string, path: string, payload?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, body: await response.text() };
    };
    const saved = await api('POST', '/api/canaries', {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'traced', namespace: 'default' },
      spec: { schedule: '@every 1h', http: [{ name: 'traced-api', url: `${targetUrl}/health` }] },
    });
    expect(saved.status, saved.body).toBe(201);
    const checks = await api('GET', '/api/db/checks?name=eq.traced-api&select=id');
    const checkId = (JSON.parse(checks.body) as { id: string }[])[0]?.id ?? '';
    const ran = await api('POST', `/api/canary/run/check/${checkId}`);
    expect(ran.status, ran.body).toBe(200);
    // A request that writes a log line: no SMTP is configured, so the invitation mail is not sent (a warning).
    const invited = await api('POST', '/api/auth/invite_user', {
      firstName: 'Trace',
      lastName: 'Reader',
      email: 'trace.reader@example.test',
      role: 'viewer',
    });
    expect(invited.status, invited.body).toBe(201);

    const request = await until('the run request span', () =>
      spans.find((span) => span.name === 'POST /api/canary/run/check/:id'),
    );
    expect(request.kind).toBe(2); // SERVER
    const check = await until('the check span', () =>
      spans.find((span) => span.name === 'check http' && span.parentSpanId === request.spanId),
    );
    expect(check.traceId).toBe(request.traceId);
    expect(attributesOf(check)).toMatchObject({ 'check.id': checkId, 'check.type': 'http', 'canary.name': 'traced' });
    // Database spans, children of the request (its session lookup) and of the check (its result).
    const queries = (parent: string) => spans.filter((s) => s.parentSpanId === parent && s.name.startsWith('pg.query'));
    expect(queries(request.spanId).length).toBeGreaterThan(0);
    await until('a database span of the check', () => (queries(check.spanId).length > 0 ? true : undefined));
    // The checked service joined the trace, as a child of the check run.
    expect(traceparents['/health']).toEqual([`00-${request.traceId}-${check.spanId}-01`]);
    expect(serviceNames).toEqual(new Set([SERVICE_NAME]));

    const invite = await until('the invitation span', () =>
      spans.find((span) => span.name === 'POST /api/auth/invite_user'),
    );
    const warned = server.logs.find((line) => String(line.msg).startsWith('a mail was not sent'));
    expect(warned).toMatchObject({ trace_id: invite.traceId });
    expect(typeof warned?.span_id).toBe('string');
    // Lines outside any span carry no ids.
    expect(server.logs.find((line) => line.msg === 'http listening')).not.toHaveProperty('trace_id');

    // The job thread traces its own work: the scheduled canary's job, its check run under it, their
    // queries, and the traceparent the checked service received.
    const scheduled = await until(
      'the scheduled check span',
      () => spans.find((span) => span.name === 'check http' && attributesOf(span)['check.name'] === 'scheduled-api'),
      30_000,
    );
    // the job's span ends (and is exported) after the check's, in a later batch
    const job = await until('the job span of the scheduled check', () =>
      spans.find((span) => span.spanId === scheduled.parentSpanId),
    );
    expect(job?.name).toBe('job run_canary');
    expect(job?.parentSpanId ?? '').toBe('');
    await until('a database span of the job', () => (queries(job?.spanId ?? '').length > 0 ? true : undefined));
    expect(traceparents['/scheduled']).toContain(`00-${scheduled.traceId}-${scheduled.spanId}-01`);

    // The job thread's metrics reach the scraped registry: its check's canary-checker series, its pool.
    const metrics = await until(
      'the job thread figures on /metrics',
      async () => {
        const text = (await api('GET', '/metrics')).body;
        return /canary_check\{[^}]*name="scheduled-api"[^}]*\} 0/.test(text) &&
          text.includes('mc_job_thread_db_pool_connections{state="total"}')
          ? text
          : undefined;
      },
      10_000,
    );
    expect(metrics).toContain('canary_check_success_count{');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await cleanup();
    rmSync(canaryDir, { recursive: true, force: true });
  }
});
