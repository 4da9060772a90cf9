/**
 * Kubernetes (kubeconfig method): reads the kubeconfig's current context and asks its API server to
 * list one namespace, authenticated as the kubeconfig says (bearer token, client certificate or basic),
 * through the egress guard. exec and auth-provider plugins are never run: they would execute commands
 * on this server. The eks, gke and cnrm methods need their cloud SDKs, so they have no test here.
 */
import { DocumentLimitError } from '../../../platform/bounded-json.js';
import { KubeconfigPluginError, type KubeTarget, kubeTargetOf } from '../kubeconfig.js';
import { guardedCall, parseHttpUrl } from './http.js';
import { type ConnectionTester, describeError, TestUnavailableError } from './tester.js';

function targetOf(text: string, insecure: boolean): KubeTarget {
  try {
    return kubeTargetOf(text, insecure);
  } catch (error) {
    if (error instanceof KubeconfigPluginError) {
      throw new TestUnavailableError(
        'its user authenticates through an exec or auth-provider plugin, which this server never runs',
      );
    }
    if (error instanceof DocumentLimitError) throw new Error(`Kubernetes: ${error.message}`);
    if (error instanceof Error && error.message.includes('names no cluster server')) {
      throw new Error('Kubernetes: the kubeconfig names no cluster server');
    }
    throw new Error('Kubernetes: the kubeconfig is not valid YAML');
  }
}

/** Lists one namespace as the kubeconfig's current user; 401 means the credentials were refused. */
export const testKubernetes: ConnectionTester = async (connection, options) => {
  const method = String(connection.properties.method || 'kubeconfig');
  if (method !== 'kubeconfig')
    throw new TestUnavailableError(`the ${method} method needs its cloud SDK, which this server does not include`);
  const target = targetOf(connection.certificate ?? '', connection.insecure_tls === true);
  const base = parseHttpUrl(target.server, 'Kubernetes');
  const url = new URL(`${base.pathname.replace(/\/$/, '')}/api/v1/namespaces?limit=1`, base);
  let answer: Awaited<ReturnType<typeof guardedCall>>;
  try {
    answer = await guardedCall(url, options, {
      headers: target.headers,
      insecure: target.insecure,
      tls: {
        ...(target.ca ? { ca: target.ca } : {}),
        ...(target.cert && target.key ? { cert: target.cert, key: target.key } : {}),
      },
    });
  } catch (error) {
    throw new Error(`Kubernetes: ${describeError(error)}`);
  }
  const body = answer.body.toString('utf8');
  if (answer.status === 401) throw new Error(`Kubernetes: ${base.host} answered 401; the credentials were refused`);
  if (answer.status === 403) {
    if (body.includes('system:anonymous'))
      throw new Error(
        `Kubernetes: ${base.host} treated the request as anonymous; the kubeconfig has no usable credentials`,
      );
    return `Kubernetes API at ${base.host} accepted the credentials (the user may not list namespaces)`;
  }
  if (answer.status !== 200) throw new Error(`Kubernetes: ${base.host} answered ${answer.status}`);
  return `Kubernetes API at ${base.host} accepted the credentials`;
};
