import type { Database } from '@mc/db';
import { stringify } from 'yaml';
import type { AuditContext } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/request-context.js';
import { tokensService } from '../tokens/index.js';
import { findPersonName } from './kubeconfig.repo.js';

/** Days a kubeconfig's token lives; it is listed (and revocable) with the person's other API tokens. */
export const KUBECONFIG_TOKEN_DAYS = 90;

/** Path of the Kubernetes-compatible API under the console's origin. */
export const K8S_API_PATH = '/api/k8s';

/** File name the download is saved as (the modal's step 2 command reads it from ~/Downloads). */
export const KUBECONFIG_FILE_NAME = 'mission-control.kubeconfig';

const CLUSTER = 'mission-control';

/**
 * Builds the signed-in person's kubeconfig (001 §2 Download kubeconfig): its server is this
 * installation's Kubernetes-compatible canaries API and its credential a new personal API token
 * (tokens module), so `kubectl get canaries` acts with the person's own permissions and the token
 * can be revoked like any other.
 */
export function kubeconfigService(database: Database) {
  const tokens = tokensService(database);
  return {
    async build(actor: Actor, origin: string, audit: AuditContext): Promise<string> {
      if (actor.kind !== 'person') throw new AppError('forbidden', 'Only a person can download a kubeconfig');
      if (actor.via === 'token') {
        throw new AppError('forbidden', 'An API token cannot mint another one; sign in to download a kubeconfig');
      }
      const person = await findPersonName(database, actor.id);
      const user = person?.email ?? person?.name ?? actor.id;
      const { secret } = await tokens.create(
        actor.id,
        {
          name: `kubeconfig ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
          expiresInDays: KUBECONFIG_TOKEN_DAYS,
        },
        audit,
      );
      return stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: CLUSTER, cluster: { server: `${origin.replace(/\/$/, '')}${K8S_API_PATH}` } }],
        users: [{ name: user, user: { token: secret } }],
        contexts: [{ name: CLUSTER, context: { cluster: CLUSTER, user, namespace: 'default' } }],
        'current-context': CLUSTER,
      });
    },
  };
}
