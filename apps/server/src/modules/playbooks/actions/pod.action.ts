/**
 * The pod action: runs a Kubernetes pod to completion through a stored kubernetes connection (its
 * kubeconfig read by connections/kubeconfig.ts; exec plugins never run), every call through the egress
 * guard: create the pod (restartPolicy Never, labelled with the run), poll its phase, read its logs
 * (the last {@link POD_MAX_LOG_BYTES} at most, or `maxLength` characters; also saved as an artifact), and delete it — on success,
 * failure, timeout and cancel alike. A pod that ends Failed fails the action with its logs kept.
 */
import { z } from 'zod';
import { type KubeTarget, kubeTargetOf } from '../../connections/index.js';
import { sleep } from './abortable.js';
import { actionConnection, CONNECTION_REF_MAX, withoutSecrets } from './action-connection.js';
import { type ActionContext, defineAction } from './action-kind.js';
import { type ApiAnswer, apiFailure, callApi } from './api-call.js';
import { saveArtifacts } from './artifacts.repo.js';

/** The most of a pod's log read. */
export const POD_MAX_LOG_BYTES = 256 * 1024;
/** How often the pod's phase is read. */
export const POD_POLL_MS = 500;
/** How long the clean-up delete may take once the action is over. */
const POD_DELETE_TIMEOUT_MS = 10_000;

const dns1123 = z
  .string()
  .min(1, 'is required')
  .max(50)
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'must be lower-case letters, digits or "-" (a DNS-1123 label)');

const schema = z.object({
  connection: z.string().min(1, 'is required').max(CONNECTION_REF_MAX),
  name: dns1123,
  namespace: dns1123.default('default'),
  /** The pod's spec (containers…); restartPolicy is Never unless it says otherwise. */
  spec: z
    .record(z.string(), z.unknown())
    .refine((spec) => Array.isArray(spec.containers) && spec.containers.length > 0, {
      message: 'must list at least one container',
    })
    .refine((spec) => JSON.stringify(spec).length <= 256 * 1024, { message: 'must be at most 256 KiB' }),
  maxLength: z.number().int().min(1).max(POD_MAX_LOG_BYTES).default(3000),
});

interface Pod {
  metadata?: { name?: string };
  status?: {
    phase?: string;
    reason?: string;
    message?: string;
    containerStatuses?: { name?: string; state?: { terminated?: { exitCode?: number; reason?: string } } }[];
  };
}

function kube(
  ctx: Pick<ActionContext, 'database' | 'signal'>,
  target: KubeTarget,
  method: string,
  path: string,
  json?: unknown,
) {
  return callApi(ctx, {
    url: `${target.server}${path}`,
    method,
    label: 'Kubernetes',
    headers: target.headers,
    ...(json !== undefined ? { json } : {}),
    insecureSkipVerify: target.insecure,
    tls: {
      ...(target.ca ? { ca: target.ca } : {}),
      ...(target.cert && target.key ? { cert: target.cert, key: target.key } : {}),
    },
    maxBodyBytes: POD_MAX_LOG_BYTES,
    secrets: [target.headers.authorization?.replace(/^\w+ /, ''), target.key],
  });
}

function expect2xx(answer: ApiAnswer, what: string): void {
  if (answer.status < 200 || answer.status >= 300) throw apiFailure(`Kubernetes (${what})`, answer);
}

/** The pod action type. */
export const podAction = defineAction({
  type: 'pod',
  schema,
  async run(fields, ctx) {
    const connection = await actionConnection(ctx, fields.connection, ['kubernetes']);
    const method = String(connection.properties.method || 'kubeconfig');
    if (method !== 'kubeconfig')
      throw new Error(`the ${method} method needs its cloud SDK, which this server does not include`);
    let target: KubeTarget;
    try {
      target = kubeTargetOf(connection.certificate ?? '', connection.insecure_tls === true);
    } catch (error) {
      throw new Error(withoutSecrets(error instanceof Error ? error.message : String(error), connection));
    }
    const podName = `${fields.name}-${ctx.run.actionId.replace(/-/g, '').slice(-8).toLowerCase()}`;
    const podsPath = `/api/v1/namespaces/${fields.namespace}/pods`;
    const podPath = `${podsPath}/${podName}`;
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: podName,
        namespace: fields.namespace,
        labels: { 'mission-control/playbook-run': ctx.run.id },
      },
      spec: { restartPolicy: 'Never', ...fields.spec },
    };
    expect2xx(await kube(ctx, target, 'POST', podsPath, pod), `creating pod ${podName}`);
    ctx.log?.(`created pod ${fields.namespace}/${podName}`);
    try {
      let current: Pod = {};
      let phase = 'Pending';
      while (phase !== 'Succeeded' && phase !== 'Failed') {
        await sleep(POD_POLL_MS, ctx.signal);
        const answer = await kube(ctx, target, 'GET', podPath);
        expect2xx(answer, `reading pod ${podName}`);
        current = (answer.json ?? {}) as Pod;
        const next = current.status?.phase ?? 'Unknown';
        if (next !== phase) ctx.log?.(`pod ${podName}: ${next}`);
        phase = next;
      }
      const logAnswer = await kube(ctx, target, 'GET', `${podPath}/log?limitBytes=${POD_MAX_LOG_BYTES}`);
      const logs = logAnswer.status === 200 ? logAnswer.text.slice(-fields.maxLength) : '';
      const exitCode = current.status?.containerStatuses?.[0]?.state?.terminated?.exitCode ?? null;
      const artifacts = logs
        ? await saveArtifacts(ctx.database, ctx.run.actionId, [
            { path: `${podName}.log`, content: Buffer.from(logs), contentType: 'text/plain' },
          ])
        : [];
      const output = { pod: podName, namespace: fields.namespace, phase, exitCode, logs, artifacts };
      if (phase === 'Failed') {
        const last = logs.trim().split('\n').at(-1) ?? '';
        throw Object.assign(
          new Error(
            `pod ${podName} failed${exitCode !== null ? ` with exit code ${exitCode}` : ''}${last ? `: ${last}` : ''}`,
          ),
          { output },
        );
      }
      return output;
    } finally {
      const cleanup = { database: ctx.database, signal: AbortSignal.timeout(POD_DELETE_TIMEOUT_MS) };
      await kube(cleanup, target, 'DELETE', `${podPath}?gracePeriodSeconds=0`)
        .then(() => ctx.log?.(`deleted pod ${podName}`))
        .catch(() => ctx.log?.(`could not delete pod ${podName}`));
    }
  },
});
