/**
 * Stores a connection the way the console does (secrets sealed), for scrapers to reference by
 * `connection://<type>/<name>`. Tests set MC_SECRET_KEY before calling it.
 */
import type { Database } from '@mc/db';
import type { Config } from '../../../platform/config.js';
import { connectionsServiceFor } from '../../connections/index.js';

/** Creates a connection and answers its `connection://` reference. */
export async function storeConnection(
  deps: { database: Database; config: Config },
  body: Record<string, unknown> & { name: string; type: string },
): Promise<string> {
  await connectionsServiceFor(deps).create(body, { actor: { kind: 'system', name: 'test' } });
  return `connection://${body.type}/${body.name}`;
}
