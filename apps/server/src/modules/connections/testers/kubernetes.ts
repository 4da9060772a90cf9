/**
 * Kubernetes (kubeconfig method): reads the kubeconfig's current context and asks its API server to
 * list one namespace, authenticated as the kubeconfig says (bearer token, client certificate or basic),
 * through the egress guard. exec and auth-provider plugins are never run: they would execute commands
 * on this server. The eks, gke and cnrm methods need their cloud SDKs, so they have no test here.
 */
import { DocumentLimitError } from '../../../platform/bounded-json.js';
import { parseBoundedYaml } from '../../../platform/bounded-yaml.js';
import { guardedCall, parseHttpUrl } from './http.js';
import { type ConnectionTester, describeError, TestUnavailableError } from './tester.js';

interface Named<T> {
  name?: string;
  cluster?: T;
  user?: T;
  context?: T;
}

interface Kubeconfig {
  'current-context'?: string;
  clusters?: Named<{ server?: string; 'certificate-authority-data'?: string; 'insecure-skip-tls-verify'?: boolean }>[];
  users?: Named<{
    token?: string;
    'client-certificate-data'?: string;
    'client-key-data'?: string;
    username?: string;
    password?: string;
    exec?: unknown;
    'auth-provider'?: unknown;
  }>[];
  contexts?: Named<{ cluster?: string; user?: string }>[];
}

const pem = (data: string | undefined) => (data ? Buffer.from(data, 'base64').toString('utf8') : undefined);

function readKubeconfig(text: string): Kubeconfig {
  try {
    const parsed: unknown = parseBoundedYaml(text, undefined, 'kubeconfig');
    if (typeof parsed === 'object' && parsed !== null) return parsed as Kubeconfig; // checked field by field below
  } catch (error) {
    if (error instanceof DocumentLimitError) throw new Error(`Kubernetes: ${error.message}`);
    // otherwise reported below
  }
  throw new Error('Kubernetes: the kubeconfig is not valid YAML');
}

/** Lists one namespace as the kubeconfig's current user; 401 means the credentials were refused. */
export const testKubernetes: ConnectionTester = async (connection, options) => {
  const method = String(connection.properties.method || 'kubeconfig');
  if (method !== 'kubeconfig')
    throw new TestUnavailableError(`the ${method} method needs its cloud SDK, which this server does not include`);
  const config = readKubeconfig(connection.certificate ?? '');
  const contextName = config['current-context'];
  const context =
    config.contexts?.find((entry) => entry.name === contextName)?.context ?? config.contexts?.[0]?.context;
  const cluster =
    config.clusters?.find((entry) => entry.name === context?.cluster)?.cluster ?? config.clusters?.[0]?.cluster;
  const user = config.users?.find((entry) => entry.name === context?.user)?.user ?? config.users?.[0]?.user ?? {};
  if (!cluster?.server) throw new Error('Kubernetes: the kubeconfig names no cluster server');
  if (user.exec || user['auth-provider']) {
    throw new TestUnavailableError(
      'its user authenticates through an exec or auth-provider plugin, which this server never runs',
    );
  }
  const base = parseHttpUrl(cluster.server, 'Kubernetes');
  const url = new URL(`${base.pathname.replace(/\/$/, '')}/api/v1/namespaces?limit=1`, base);
  const headers: Record<string, string> = {};
  if (user.token) headers.authorization = `Bearer ${user.token}`;
  else if (user.username) {
    headers.authorization = `Basic ${Buffer.from(`${user.username}:${user.password ?? ''}`).toString('base64')}`;
  }
  let answer: Awaited<ReturnType<typeof guardedCall>>;
  try {
    answer = await guardedCall(url, options, {
      headers,
      insecure: connection.insecure_tls || cluster['insecure-skip-tls-verify'] === true,
      tls: {
        ...(cluster['certificate-authority-data'] ? { ca: pem(cluster['certificate-authority-data']) } : {}),
        ...(user['client-certificate-data'] && user['client-key-data']
          ? { cert: pem(user['client-certificate-data']), key: pem(user['client-key-data']) }
          : {}),
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
