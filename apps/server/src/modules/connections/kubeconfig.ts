/**
 * The one kubeconfig reader of the server (connection tests, the kubernetes scrapers, the playbooks'
 * pod action): the current context's API server, its CA, and the user's bearer token, client
 * certificate or basic credentials. exec and auth-provider plugins are never run — they would execute
 * commands on this server — and a kubeconfig that needs one is refused with
 * {@link KubeconfigPluginError}.
 */
import { parseBoundedYaml } from '../../platform/bounded-yaml.js';

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

/** Where and how to call a cluster. */
export interface KubeTarget {
  server: string;
  headers: Record<string, string>;
  ca?: string;
  cert?: string;
  key?: string;
  insecure: boolean;
}

/** The kubeconfig's user authenticates through a plugin this server never runs. */
export class KubeconfigPluginError extends Error {
  override name = 'KubeconfigPluginError';
}

const pem = (data: string | undefined) => (data ? Buffer.from(data, 'base64').toString('utf8') : undefined);

/**
 * Reads a kubeconfig's current context into a target. Throws the bounded parser's errors for text that
 * is not YAML or too large, an Error naming what is missing, or {@link KubeconfigPluginError}.
 */
export function kubeTargetOf(kubeconfigText: string, insecureTLS = false): KubeTarget {
  const parsed = parseBoundedYaml(kubeconfigText, undefined, 'kubeconfig');
  if (typeof parsed !== 'object' || parsed === null) throw new Error('the kubeconfig is not a YAML object');
  const config = parsed as Kubeconfig; // read field by field below
  const contextName = config['current-context'];
  const context = config.contexts?.find((e) => e.name === contextName)?.context ?? config.contexts?.[0]?.context;
  const cluster = config.clusters?.find((e) => e.name === context?.cluster)?.cluster ?? config.clusters?.[0]?.cluster;
  const user = config.users?.find((e) => e.name === context?.user)?.user ?? config.users?.[0]?.user ?? {};
  if (!cluster?.server) throw new Error('the kubeconfig names no cluster server');
  if (user.exec || user['auth-provider']) {
    throw new KubeconfigPluginError(
      'the kubeconfig user authenticates through an exec or auth-provider plugin, which this server never runs',
    );
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (user.token) headers.authorization = `Bearer ${user.token}`;
  else if (user.username) {
    headers.authorization = `Basic ${Buffer.from(`${user.username}:${user.password ?? ''}`).toString('base64')}`;
  }
  const ca = pem(cluster['certificate-authority-data']);
  const cert = pem(user['client-certificate-data']);
  const key = pem(user['client-key-data']);
  return {
    server: cluster.server.replace(/\/$/, ''),
    headers,
    insecure: insecureTLS || cluster['insecure-skip-tls-verify'] === true,
    ...(ca ? { ca } : {}),
    ...(cert && key ? { cert, key } : {}),
  };
}
