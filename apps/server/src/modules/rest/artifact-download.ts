/**
 * The upstream console's artifact download, `GET /api/artifacts/download/{id}` (mission-control's
 * `/artifacts/download/:id`, which flanksource-ui's run page asks for when an artifact's tab is opened).
 * This server serves an artifact's bytes from the route of its parent — a playbook run's or a check's —
 * so this route only finds that parent and redirects there; the parent's route checks the caller again
 * and sends the file with the safe download headers (platform/artifact-download.ts).
 */
import type { Database } from '@mc/db';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/request-context.js';
import { artifactParent } from './artifact-download.repo.js';
import { readAsCaller } from './read-as-caller.js';
import type { RestService } from './rest.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The path an artifact is downloaded from, for `actor`: its run's
 * `/api/playbook/run/{run}/artifacts/{id}` or its check's `/api/checks/{check}/artifacts/{id}`. The
 * artifact is first read through the data API as the caller (`/api/db/artifacts`, read under its run's or
 * check's rule), so one the caller may not read is a 404 and its parent is never named to them; a caller
 * who may read neither runs nor checks gets the data API's 403. A malformed id is a 400.
 */
export async function artifactDownloadPath(
  rest: RestService,
  database: Database,
  id: string,
  actor: Actor,
  requestId: string,
): Promise<string> {
  if (!UUID.test(id)) throw new AppError('bad_request', `'${id.slice(0, 64)}' is not a valid id`);
  const visible = await readAsCaller(rest, {
    method: 'GET',
    name: 'artifacts',
    search: new URLSearchParams({ id: `eq.${id}`, select: 'id' }),
    header: () => undefined,
    body: async () => '',
    actor,
    requestId,
  });
  const notFound = new AppError('not_found', `artifact(${id}) was not found`);
  if ((JSON.parse(visible.body ?? '[]') as unknown[]).length === 0) throw notFound;
  const { runId, checkId } = await artifactParent(database.db, id);
  if (runId) return `/api/playbook/run/${runId}/artifacts/${id}`;
  if (checkId) return `/api/checks/${checkId}/artifacts/${id}`;
  throw notFound;
}
