/**
 * How an action names a stored connection: its id, `connection://<type>/<name>`,
 * `connection://<namespace>/<name>` or a bare name (the first of the action's accepted types that has a
 * connection of that name). The connections service decrypts it (its only decrypting path); an action
 * accepts only the connection types it can use, and says which when given another.
 */

import { AppError } from '../../../platform/errors.js';
import { connectionsServiceFor, type ResolvedConnection } from '../../connections/index.js';
import { redactSecrets } from '../secret-redaction.js';
import type { ActionContext } from './action-kind.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/;

/** The field every connection-backed action has: a reference to a stored connection. */
export const CONNECTION_REF_MAX = 512;

/**
 * Resolves `ref` to a decrypted connection of one of `types`, with the rights of whoever last saved the
 * playbook; throws an Error saying what is wrong.
 */
export async function actionConnection(
  ctx: Pick<ActionContext, 'database' | 'config' | 'savedBy'>,
  ref: string,
  types: readonly string[],
): Promise<ResolvedConnection> {
  const text = ref.trim();
  const service = connectionsServiceFor(ctx);
  let connection: ResolvedConnection | undefined;
  if (UUID.test(text) || text.startsWith('connection://'))
    connection = await service.resolveConnection(text, ctx.savedBy);
  else if (!NAME.test(text)) {
    throw new Error(`connection '${text.slice(0, 80)}' is not an id, connection://<type>/<name> or a name`);
  } else {
    for (const type of types) {
      connection = await service.resolveConnection(`connection://${type}/${text}`, ctx.savedBy).catch((error) => {
        if (error instanceof AppError && error.code === 'forbidden') throw error;
        return undefined;
      });
      if (connection?.type === type) break;
      connection = undefined;
    }
    if (!connection) throw new Error(`Connection ${text} not found (of type ${types.join(', ')})`);
  }
  if (!types.includes(connection.type)) {
    throw new Error(
      `connection ${connection.namespace}/${connection.name} is of type ${connection.type}; this action needs ${types.join(' or ')}`,
    );
  }
  return connection;
}

/** `text` without any secret of `connection` (its password, key or certificate), even URL-encoded. */
export function withoutSecrets(text: string, connection: Pick<ResolvedConnection, 'password' | 'certificate'>): string {
  return redactSecrets(text, [connection.password, connection.certificate]);
}
