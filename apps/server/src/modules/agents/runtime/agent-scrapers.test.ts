import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentScrape } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEgressGuard } from '../../../platform/egress/egress-guard.js';
import { serverOwnFolders } from '../../../platform/file-confinement.js';
import { createLogger } from '../../../platform/logger.js';
import { NO_SCRAPER_FILE_ROOTS_MESSAGE } from '../../catalog/index.js';
import { type AgentScrapeDeps, scraperTask } from './agent-scrapers.js';
import { type Outbox, openOutbox } from './result-buffer.js';

/**
 * An agent's file scraper reads its own host, confined by the agent's own MC_SCRAPER_FILE_ROOTS: with
 * none, or for a path outside them, the run it pushes holds that one error and no items (so the
 * upstream, which deletes nothing after a run with errors, keeps what it had).
 */
describe('an agent’s file scraper', () => {
  let base: string;
  let sources: string;
  let outbox: Outbox<AgentScrape>;

  const runOnce = async (fileRoots: string[], paths: string[]) => {
    const deps: AgentScrapeDeps = {
      outbox,
      egress: createEgressGuard({ getPolicy: () => ({}) }),
      deniedRoots: serverOwnFolders(join(base, 'data')),
      fileRoots,
      logger: createLogger('error', {}, () => {}),
      stopping: new AbortController().signal,
      kick: () => {},
    };
    const task = scraperTask(
      { id: randomUUID(), name: 'files', namespace: 'default', spec: { file: [{ type: 'Agent::File', paths }] } },
      deps,
    );
    await task?.run();
    const batch = await outbox.next(1);
    await outbox.remove(batch?.files ?? []);
    const [scrape] = batch?.results ?? [];
    return { items: scrape?.items.map((item) => item.name) ?? [], errors: scrape?.errors ?? [] };
  };

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'mc-agent-scrapers-'));
    sources = join(base, 'sources');
    outbox = await openOutbox<AgentScrape>(join(base, 'data', 'agent-buffer', 'scrapes'));
    await mkdir(sources);
    await writeFile(join(sources, 'app.json'), '{"a":1}');
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('reads nothing without roots, pushing the refusal as the run’s only error', async () => {
    expect(await runOnce([], [join(sources, '*.json')])).toEqual({
      items: [],
      errors: [`file[0]: ${NO_SCRAPER_FILE_ROOTS_MESSAGE}`],
    });
  });

  it('reads below its roots and refuses a path outside them by name', async () => {
    expect(await runOnce([sources], [join(sources, '*.json')])).toEqual({ items: ['app.json'], errors: [] });
    expect(await runOnce([sources], ['/etc/passwd'])).toEqual({
      items: [],
      errors: [`file[0]: path /etc/passwd is outside the folders this server may read (${sources})`],
    });
  });
});
