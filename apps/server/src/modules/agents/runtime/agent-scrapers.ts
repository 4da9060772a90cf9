import { randomUUID } from 'node:crypto';
import type { AgentScrape, AgentScraper } from '@mc/contracts';
import { deadline } from '../../../platform/deadline.js';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import { FileConfinementError } from '../../../platform/file-confinement.js';
import type { Logger } from '../../../platform/logger.js';
import type { KindContext, ScrapeBatch } from '../../catalog/index.js';
import {
  collect,
  DEFAULT_SCRAPE_SCHEDULE,
  SCRAPE_CONFIG_API_VERSION,
  scraperSchedule,
  validateScrapeConfig,
} from '../../catalog/index.js';
import { parseSchedule, type ScheduleSpec } from '../../jobs/index.js';
import type { Outbox } from './result-buffer.js';
import type { ScheduledTask } from './task-scheduler.js';

/** Longest one scrape on the agent may take. */
export const AGENT_SCRAPE_TIMEOUT_MS = 30 * 60_000;

/** What a scraper run on the agent needs. */
export interface AgentScrapeDeps {
  outbox: Outbox<AgentScrape>;
  egress: EgressGuard;
  /** Folders no scraper reads (the agent's data folder with its buffer, /proc, /sys, /dev). */
  deniedRoots: readonly string[];
  /** Folders its file scrapers may read below: the agent's own MC_SCRAPER_FILE_ROOTS (none: nothing is read). */
  fileRoots: readonly string[];
  logger: Logger;
  stopping: AbortSignal;
  /** A new scrape is on disk: deliver it. */
  kick(): void;
}

function scheduleOf(scraper: AgentScraper, text: string, logger: Logger): ScheduleSpec {
  try {
    return parseSchedule(text);
  } catch (error) {
    logger.warn('bad scraper schedule; using the default', { scraper: scraper.name, error: (error as Error).message });
    return parseSchedule(DEFAULT_SCRAPE_SCHEDULE);
  }
}

/**
 * A scraper assigned to this agent as a scheduled task: each run collects with the server's own kinds
 * (no database: a kind needing a stored connection, or the system scraper's installation part, reports
 * it cannot), writes the whole run to the scrape outbox and kicks its delivery. The upstream saves it as
 * a scrape of its own. A file path the agent's confinement refuses makes a run of that one error and no
 * items: the upstream keeps every item it had (a run with errors deletes nothing).
 */
export function scraperTask(scraper: AgentScraper, deps: AgentScrapeDeps): ScheduledTask | undefined {
  const validated = validateScrapeConfig({
    apiVersion: SCRAPE_CONFIG_API_VERSION,
    kind: 'ScrapeConfig',
    metadata: { name: scraper.name, namespace: scraper.namespace },
    spec: scraper.spec,
  });
  if (!validated.ok) {
    deps.logger.warn('scraper is invalid; not run', { scraper: scraper.name, errors: validated.errors.slice(0, 5) });
    return undefined;
  }
  const doc = validated.config;
  const ctx = (signal: AbortSignal): KindContext => ({
    signal,
    egress: deps.egress,
    resolveConnection: async (ref) => {
      throw new Error(`connection '${ref}' is not available on an agent; give the entry its settings inline`);
    },
    listConnections: async () => [],
    deniedRoots: deps.deniedRoots,
    fileRoots: deps.fileRoots,
    scraper: { id: scraper.id, name: scraper.name, namespace: scraper.namespace },
  });
  return {
    id: scraper.id,
    label: `scraper ${scraper.namespace}/${scraper.name}`,
    fingerprint: JSON.stringify(scraper),
    schedule: scheduleOf(scraper, scraperSchedule(doc.spec), deps.logger),
    async run() {
      const started = new Date();
      const limit = deadline(AGENT_SCRAPE_TIMEOUT_MS, deps.stopping);
      const batch = await collect(doc, ctx(limit.signal))
        .catch((error: unknown): ScrapeBatch => {
          if (!(error instanceof FileConfinementError)) throw error;
          // a refused path: the run reports it and nothing else, so the upstream takes no item for gone
          return { items: [], relationships: [], insights: new Map(), errors: [error.message], ruleErrors: [] };
        })
        .finally(() => limit.dispose());
      if (limit.signal.aborted) return;
      const insights = [...batch.insights].map(([ref, list]) => {
        const at = ref.indexOf('\u0000'); // refKey: type NUL key
        return { item: { type: ref.slice(0, at), key: ref.slice(at + 1) }, insights: list };
      });
      await deps.outbox.append([
        {
          key: randomUUID(),
          scraper_id: scraper.id,
          time: started.toISOString(),
          duration_ms: Date.now() - started.getTime(),
          items: batch.items,
          relationships: batch.relationships,
          insights,
          errors: batch.errors.map((error) => error.slice(0, 10_000)),
          // the push carries no warnings of its own: what the run skipped travels with the reported rule errors
          rule_errors: [...batch.ruleErrors, ...(batch.warnings ?? [])].map((error) => error.slice(0, 10_000)),
        },
      ]);
      deps.kick();
    },
  };
}
