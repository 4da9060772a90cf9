/**
 * Catalog scrapers run by agents (docs/agents.md "Scrapers"): the agent pulls the scrapers assigned to
 * it, runs their kinds near its sources and pushes each run whole. The upstream saves the run as one of
 * its own scrapes — items compared with the stored ones, changes recorded for what differs, items gone
 * from the source soft-deleted — and stamps the items with the agent's id. A push is idempotent per key:
 * a push seen before is acknowledged and not saved again. The scraper's `transform.mask` entries are
 * applied to the pushed items before anything is stored (a value already masked stays as it is).
 */
import { type AgentScrape, type AgentScrapeAnswer, type AgentScraper, agentScrapeSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../../platform/errors.js';
import {
  catalogSettings,
  documentMasks,
  documentOfRow,
  findScraperRow,
  maskUnattributedItems,
  refKey,
  type ScrapeBatch,
  saveCollected,
} from '../../catalog/index.js';
import type { AgentPrincipal } from './upstream.repo.js';
import { upstreamScrapesRepo } from './upstream.repo.js';

/** A pushed scrape as the scrape engine's batch. */
function batchOf(scrape: AgentScrape): ScrapeBatch {
  return {
    // the contract mirrors ScrapedItem field by field; zod's output marks absent optionals as undefined
    items: scrape.items as ScrapeBatch['items'],
    relationships: scrape.relationships,
    insights: new Map(scrape.insights.map((entry) => [refKey(entry.item), entry.insights])),
    errors: scrape.errors,
    ruleErrors: scrape.rule_errors,
  };
}

/** The scrapers side of the upstream API. */
export function upstreamScrapesService(database: Database) {
  const repo = upstreamScrapesRepo(database);
  return {
    /** The scrapers assigned to the agent. */
    scrapers: (agent: AgentPrincipal): Promise<AgentScraper[]> => repo.assignedScrapers(agent.id),

    /** Saves one pushed scrape (see the module comment); 400 for a bad body, 409 for a scraper not the agent's. */
    async push(agent: AgentPrincipal, body: unknown): Promise<AgentScrapeAnswer> {
      const parsed = agentScrapeSchema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        throw new AppError('bad_request', `${where}${issue?.message ?? 'Invalid scrape'}`);
      }
      const scrape = parsed.data;
      const row = await findScraperRow(database.pool, scrape.scraper_id);
      if (!row || row.agent_id !== agent.id) {
        throw new AppError('conflict', `Scraper ${scrape.scraper_id} is not assigned to this agent`);
      }
      let doc: ReturnType<typeof documentOfRow>;
      try {
        doc = documentOfRow(row);
      } catch (error) {
        throw new AppError('conflict', (error as Error).message); // PermanentJobError: the stored spec is invalid
      }
      if (!(await repo.claim(agent.id, scrape.key))) return { status: 'duplicate', counts: null };
      try {
        const settings = await catalogSettings(database);
        const batch = batchOf(scrape);
        // The agent masks as it scrapes; masking again here keeps an older agent's clear text out too.
        maskUnattributedItems(documentMasks(doc), batch.items);
        const { counts, errors } = await saveCollected(database, row.id, doc, batch, {
          dedupWindowMs: settings.dedupWindowMs,
        });
        await repo.stampItems(agent.id, row.id);
        await repo.recordRun({
          scraperId: row.id,
          agentName: agent.name,
          startedAt: new Date(scrape.time),
          durationMs: scrape.duration_ms,
          successCount: counts.created + counts.updated + counts.unchanged,
          errorCount: counts.errors,
          details: {
            scrape_summary: counts,
            agent: agent.name,
            ...(errors.length > 0 ? { errors: errors.slice(0, 50) } : {}),
          },
        });
        return { status: 'saved', counts: { ...counts } };
      } catch (error) {
        await repo.release(agent.id, scrape.key);
        throw error;
      }
    },
  };
}
