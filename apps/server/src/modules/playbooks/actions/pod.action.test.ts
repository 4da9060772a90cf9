import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../jobs/testing/job-test-kit.js';
import { executeRun } from '../runs/run-executor.js';
import { type ActionKit, createActionKit, type Recorded, startDouble } from './testing/action-test-kit.js';

/**
 * The pod action against a named double of the Kubernetes API server: a local HTTP server replaying
 * answers recorded from a real API server (`kubectl run` of the same pods: the created Pod, its status
 * through Pending → Running → Succeeded or Failed, the log text, the deletion's Status) and checking
 * each request's method, path, bearer token and body. The pod is deleted on success, failure, timeout
 * and cancel; the token never reaches the stored run.
 */
const TOKEN = 'kube-bearer-S3cret-token';
let kit: ActionKit;
let api: Awaited<ReturnType<typeof startDouble>>;
/** Per pod name: how many status reads it takes to finish, and how it ends. */
const script = new Map<string, { reads: number; end: 'Succeeded' | 'Failed' | 'never'; logs: string }>();

function podStatus(name: string, phase: string, exitCode?: number) {
  return {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: { name, namespace: 'ops', uid: '5b1f0e5c-1f7e-4f35-9d55-0f8c3a1d2e11', resourceVersion: '48211' },
    status: {
      phase,
      ...(exitCode !== undefined
        ? {
            containerStatuses: [
              {
                name: 'main',
                ready: false,
                restartCount: 0,
                state: { terminated: { exitCode, reason: exitCode ? 'Error' : 'Completed' } },
              },
            ],
          }
        : {}),
    },
  };
}

/** The recorded-API double. */
function kubeReply(request: Recorded) {
  if (request.headers.authorization !== `Bearer ${TOKEN}`) {
    return {
      status: 401,
      json: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'Unauthorized', code: 401 },
    };
  }
  const path = request.path.split('?')[0] ?? '';
  if (request.method === 'POST' && path === '/api/v1/namespaces/ops/pods') {
    const pod = JSON.parse(request.body) as { metadata: { name: string } };
    if (!script.has(pod.metadata.name.replace(/-[0-9a-z]{8}$/, ''))) {
      return {
        status: 403,
        json: {
          kind: 'Status',
          status: 'Failure',
          message: 'pods is forbidden: User "mc" cannot create resource "pods"',
          code: 403,
        },
      };
    }
    return {
      status: 201,
      json: { ...podStatus(pod.metadata.name, 'Pending'), spec: (pod as { spec?: unknown }).spec },
    };
  }
  const match = /^\/api\/v1\/namespaces\/ops\/pods\/([a-z0-9-]+)(\/log)?$/.exec(path);
  const name = match?.[1] ?? '';
  const entry = script.get(name.replace(/-[0-9a-z]{8}$/, ''));
  if (!match || !entry)
    return { status: 404, json: { kind: 'Status', status: 'Failure', message: 'not found', code: 404 } };
  if (request.method === 'DELETE')
    return { status: 200, json: { kind: 'Status', apiVersion: 'v1', status: 'Success' } };
  if (match[2]) return { status: 200, text: entry.logs };
  const reads = api.received.filter((r) => r.method === 'GET' && r.path === request.path).length;
  if (entry.end === 'never' || reads < entry.reads)
    return { status: 200, json: podStatus(name, reads > 1 ? 'Running' : 'Pending') };
  return { status: 200, json: podStatus(name, entry.end, entry.end === 'Succeeded' ? 0 : 2) };
}

const kubeconfig = (server: string, token: string) =>
  `apiVersion: v1\nkind: Config\ncurrent-context: ctx\nclusters: [{name: c, cluster: {server: '${server}'}}]\ncontexts: [{name: ctx, context: {cluster: c, user: u, namespace: ops}}]\nusers: [{name: u, user: {token: ${token}}}]\n`;

const podAction = (name: string, extra: Record<string, unknown> = {}) => ({
  name: 'run-pod',
  ...extra,
  pod: {
    connection: 'kube',
    name,
    namespace: 'ops',
    spec: { containers: [{ name: 'main', image: 'busybox:1.36', command: ['sh', '-c', 'echo {{ .params.word }}'] }] },
  },
});

const requestsFor = (name: string) =>
  api.received.filter(
    (r) => r.path.includes(`/pods/${name}-`) || (r.method === 'POST' && r.body.includes(`"${name}-`)),
  );

beforeAll(async () => {
  kit = await createActionKit();
  api = await startDouble(kubeReply);
  await kit.connection(
    'kubernetes',
    { certificate: kubeconfig(api.base, TOKEN), properties: { method: 'kubeconfig' } },
    'kube',
  );
});
afterAll(async () => {
  await api.close();
  await kit.close();
});

describe('pod action', () => {
  it('creates the pod, follows its phase, keeps its logs and deletes it', async () => {
    script.set('hello', { reads: 3, end: 'Succeeded', logs: 'hello world\n' });
    const id = await kit.playbook([podAction('hello')], { parameters: [{ name: 'word', default: 'world' }] });
    const { run, actions, stored, runId } = await kit.runToEnd(id);
    expect(run.status).toBe('completed');
    const result = actions[0]?.result as {
      pod: string;
      phase: string;
      logs: string;
      exitCode: number;
      artifacts: unknown[];
    };
    expect(result).toMatchObject({ namespace: 'ops', phase: 'Succeeded', exitCode: 0, logs: 'hello world\n' });
    expect(result.pod).toMatch(/^hello-[0-9a-z]{8}$/);
    expect(result.artifacts).toHaveLength(1);
    const calls = requestsFor('hello').map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(calls[0]).toBe('POST /api/v1/namespaces/ops/pods');
    expect(calls.at(-2)).toBe(`GET /api/v1/namespaces/ops/pods/${result.pod}/log`);
    expect(calls.at(-1)).toBe(`DELETE /api/v1/namespaces/ops/pods/${result.pod}`);
    const created = JSON.parse(requestsFor('hello')[0]?.body ?? '{}');
    expect(created).toMatchObject({
      kind: 'Pod',
      metadata: { name: result.pod, namespace: 'ops', labels: { 'mission-control/playbook-run': runId } },
      spec: { restartPolicy: 'Never', containers: [{ name: 'main', command: ['sh', '-c', 'echo world'] }] },
    });
    expect(stored).not.toContain(TOKEN);
  });

  it('a Failed pod fails the action with its last log line, and is deleted', async () => {
    script.set('broken', { reads: 1, end: 'Failed', logs: 'starting\nboom: no config\n' });
    const id = await kit.playbook([podAction('broken')]);
    const { run, actions } = await kit.runToEnd(id);
    expect(run.status).toBe('failed');
    expect(actions[0]?.error).toMatch(/^pod broken-[0-9a-z]{8} failed with exit code 2: boom: no config$/);
    expect(actions[0]?.result).toMatchObject({ phase: 'Failed', logs: 'starting\nboom: no config\n' });
    expect(requestsFor('broken').at(-1)?.method).toBe('DELETE');
  });

  it('a pod past the timeout is deleted and the action timed out', async () => {
    script.set('stuck', { reads: 0, end: 'never', logs: '' });
    const id = await kit.playbook([podAction('stuck', { timeout: '1500ms' })]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.status).toBe('timed_out');
    expect(requestsFor('stuck').at(-1)?.method).toBe('DELETE');
  });

  it('a cancel stops the polling and deletes the pod', async () => {
    script.set('cancelled', { reads: 0, end: 'never', logs: '' });
    const id = await kit.playbook([podAction('cancelled')]);
    const { body } = await kit.request(id);
    const running = executeRun(kit.t.database, body.run_id, new AbortController().signal);
    await waitFor(async () => requestsFor('cancelled').some((r) => r.method === 'GET'));
    expect((await kit.cancel(body.run_id)).status).toBe(200);
    await running;
    const { run, actions } = await kit.rows(body.run_id);
    expect(run.status).toBe('cancelled');
    expect(actions[0]?.status).toBe('cancelled');
    await waitFor(async () => requestsFor('cancelled').at(-1)?.method === 'DELETE');
  });

  it('fails with the API server’s refusal', async () => {
    const id = await kit.playbook([podAction('unscripted')]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.error).toMatch(
      /^Kubernetes \(creating pod unscripted-[0-9a-z]{8}\) answered 403: pods is forbidden: User "mc" cannot create resource "pods"$/,
    );
  });

  it('refuses a kubeconfig whose user needs an exec plugin, running nothing', async () => {
    await kit.connection(
      'kubernetes',
      {
        certificate: kubeconfig(api.base, TOKEN).replace(
          `{token: ${TOKEN}}`,
          '{exec: {command: touch, args: [/tmp/mc-pod-exec-ran]}}',
        ),
        properties: { method: 'kubeconfig' },
      },
      'kube-exec',
    );
    const id = await kit.playbook([
      { name: 'p', pod: { connection: 'kube-exec', name: 'x', spec: { containers: [{ name: 'a' }] } } },
    ]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.error).toMatch(/exec or auth-provider plugin, which this server never runs$/);
  });
});
