/**
 * The stored connections upstream's fixtures name by `connection://<scope>/<name>` and that a local
 * stand-in can answer: an administrator migrating those canaries creates them first (here through
 * `POST /api/connections`, the console's own route), pointing at the HTTP stand-in. Only connections
 * whose purpose the fixture makes plain are made — `HTTP/500` and `HTTP/200`, the httpbin status pages
 * of `http_fail_connection.yaml`; the rest (an AWS account, a GCS bucket, an SFTP host) stay out of reach.
 */
import type { SaveClient } from '../replay-types.js';

/** The references the replay provides, `connection://HTTP/<code>` → the stand-in's `/status/<code>`. */
const HTTP_STATUS_CODES = ['200', '500'];

/** The host the connections name (its certificate is made with the fixtures' hosts). */
export const STAND_IN_CONNECTION_BASE = 'https://httpbin.flanksource.com';

/** Creates the stand-in connections; answers the `connection://…` references they satisfy. */
export async function createStandInConnections(client: SaveClient): Promise<Set<string>> {
  const provided = new Set<string>();
  for (const code of HTTP_STATUS_CODES) {
    const save = await client.save('/api/connections', {
      name: code,
      namespace: 'HTTP',
      type: 'http',
      url: `${STAND_IN_CONNECTION_BASE}/status/${code}`,
      // The http connection type asks for credentials; the status pages ignore them.
      username: 'replay',
      password: 'replay',
    });
    if (!save.ok) throw new Error(`the stand-in connection HTTP/${code} was refused: ${save.message}`);
    provided.add(`connection://HTTP/${code}`);
  }
  return provided;
}
