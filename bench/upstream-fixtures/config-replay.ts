/**
 * Replays a config-db ScrapeConfig fixture: saved through `POST /api/catalog/scrapers` (the real
 * validators), then, when it needs no cluster or cloud, scraped once in-process with the catalog's own
 * engine (`collect`, then `saveCollected` into the test database) against the stand-ins, reading files
 * below a temporary folder holding the mirror's `fixtures/` tree (outside this repository). Intent, as
 * upstream's scraper tests check it: items are produced, the run reports no error, and where config-db
 * keeps the expected results of a fixture (`fixtures/expected/`), the items match them.
 */
import {
  catalogSettings,
  collect,
  saveCollected,
  validateScrapeConfig,
} from '../../apps/server/src/modules/catalog/index.js';
import type { EgressGuard } from '../../apps/server/src/platform/egress/egress-guard.js';
import type { TestApp } from '../../apps/server/src/test/test-app.js';
import { expectedDifference } from './expected-items.js';
import { outOfReachReasons } from './reach.js';
import type { ReplayRow, SaveClient } from './replay-types.js';
import { storeAppCatalog } from './stand-ins/app-access-logs.js';

/** What a config replay needs. */
export interface ConfigReplayDeps {
  client: SaveClient;
  app: TestApp;
  egress: EgressGuard;
  /** The folder holding the mirror's `fixtures/` tree; the scrape runs with it as cwd and file root. */
  root: string;
}

/** Kinds of config-db the issue measures here; others are listed as out of reach. */
const MEASURED_KINDS = new Set(['file', 'sql', 'http', 'kubernetesFile']);

async function scrapeOnce(path: string, raw: unknown, id: string, deps: ConfigReplayDeps): Promise<string> {
  const checked = validateScrapeConfig(raw);
  if (!checked.ok) return `invalid after save: ${checked.errors.join('; ')}`;
  const doc = checked.config;
  // access_logs.yaml keeps the sign-ins of applications its catalog.traverse finds: store that catalog first
  const walked = path.endsWith('/access_logs.yaml') ? await storeAppCatalog(deps.app.database.pool) : null;
  const signal = AbortSignal.timeout(30_000);
  const batch = await collect(doc, {
    database: deps.app.database,
    signal,
    egress: deps.egress,
    resolveConnection: async (ref) => {
      throw new Error(`no connection ${ref} in the replay`);
    },
    listConnections: async () => [],
    fileRoots: [deps.root],
    deniedRoots: [],
    scraper: { id, name: doc.metadata.name, namespace: doc.metadata.namespace ?? 'default' },
  });
  const { dedupWindowMs } = await catalogSettings(deps.app.database);
  const saved = await saveCollected(deps.app.database, id, doc, batch, { signal, dedupWindowMs });
  const errors = [...batch.errors, ...saved.errors];
  if (errors.length > 0) return `${batch.items.length} items; errors: ${errors.join('; ')}`;
  if (batch.items.length === 0) return 'no items';
  if (walked) {
    const logs = batch.items.flatMap((item) => item.access?.accessLogs ?? []);
    if (logs.length !== walked.kept) return `${logs.length} access logs kept, expected ${walked.kept}`;
  }
  return expectedDifference(deps.root, path, batch.items) ?? '';
}

/** Replays one ScrapeConfig document of `path`. */
export async function replayScrapeConfig(path: string, doc: Record<string, unknown>, deps: ConfigReplayDeps) {
  const spec = (doc.spec ?? {}) as Record<string, unknown>;
  const kinds = Object.keys(spec).filter((key) => MEASURED_KINDS.has(key));
  const reach = outOfReachReasons(spec);
  const save = await deps.client.save('/api/catalog/scrapers', doc);
  const base = { fixture: path.replace(/^fixtures\//, ''), intent: 'items' as const, save: save.summary };
  if (!save.ok) {
    const outcome = reach.length ? 'out-of-reach' : 'refused-at-save';
    return { ...base, outcome, detail: reach.length ? `needs ${reach.join(', ')}` : save.message } as ReplayRow;
  }
  const id = String(save.body.id);
  try {
    if (reach.length > 0)
      return { ...base, outcome: 'out-of-reach', detail: `accepted at save; needs ${reach.join(', ')}` } as ReplayRow;
    if (kinds.length === 0)
      return { ...base, outcome: 'out-of-reach', detail: 'no file/sql/http/kubernetesFile entry' } as ReplayRow;
    const previous = process.cwd();
    process.chdir(deps.root);
    try {
      const problem = await scrapeOnce(path, doc, id, deps).catch((error: unknown) => `run failed: ${String(error)}`);
      return { ...base, outcome: problem ? 'wrong' : 'as-intended', detail: problem } as ReplayRow;
    } finally {
      process.chdir(previous);
    }
  } finally {
    await deps.client.remove(`/api/catalog/scrapers/${id}`);
  }
}
