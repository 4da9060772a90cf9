import { AGENT_LOG_QUERY_TIMEOUT_MS, type AgentLogAnswer, type AgentLogQuery } from '@mc/contracts';
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import { AppError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logger.js';
import {
  entriesOf,
  FILE_ROOTS_ENV,
  type KindContext,
  LogBackendError,
  searchEntries,
  splitRoots,
} from '../../logs/index.js';
import { polledWork } from './polled-work.js';
import type { UpstreamClient } from './upstream-client.js';

/** Longest message a relayed line carries (the upstream refuses longer ones). */
const MAX_MESSAGE = 100_000;

/** Searches one relayed query here and says how it went, as the answer the upstream waits for. */
export async function answerLogQuery(
  query: AgentLogQuery,
  options: { egress: EgressGuard; deniedRoots: readonly string[] },
): Promise<AgentLogAnswer> {
  const ctx: KindContext = {
    egress: options.egress,
    // the upstream stops waiting after AGENT_LOG_QUERY_TIMEOUT_MS; searching longer helps nobody
    signal: AbortSignal.timeout(AGENT_LOG_QUERY_TIMEOUT_MS),
    resolveConnection: async (ref) => {
      throw new LogBackendError('query', `connection '${ref}' is not available on an agent`);
    },
    fileRoots: splitRoots(process.env[FILE_ROOTS_ENV]),
    deniedRoots: options.deniedRoots,
  };
  const { search } = query;
  try {
    const pages = await searchEntries(
      query.backend.name,
      entriesOf(query.backend.spec),
      {
        text: search.text,
        start: new Date(search.start),
        end: new Date(search.end),
        levels: search.levels,
        labels: search.labels,
        limit: search.limit,
      },
      search.cursors,
      ctx,
    );
    return {
      pages: pages.map((page) =>
        page
          ? { ...page, lines: page.lines.map((line) => ({ ...line, message: line.message.slice(0, MAX_MESSAGE) })) }
          : null,
      ),
    };
  } catch (error) {
    if (error instanceof LogBackendError) return { error: { kind: error.kind, message: error.message } };
    if (error instanceof AppError && error.code === 'bad_request')
      return { error: { kind: 'query', message: error.message } };
    return { error: { kind: 'remote', message: `the agent could not search: ${(error as Error).message}` } };
  }
}

/**
 * Polls the upstream for log searches relayed to this agent — a long poll the upstream holds until one is
 * queued (polled-work.ts), at most every `intervalMs` from an upstream that answers at once —, answers
 * each as soon as it is searched (several at once), and keeps polling through upstream outages: a search
 * nobody waits for any more is simply not answered.
 */
export function logQueryPoller(
  client: UpstreamClient,
  logger: Logger,
  options: { intervalMs: number; egress: EgressGuard; deniedRoots: readonly string[]; stopping: AbortSignal },
) {
  const answer = (query: AgentLogQuery) =>
    answerLogQuery(query, options)
      .then((result) => client.answerLogQuery(query.id, result))
      .catch((error: unknown) =>
        logger.warn('log query answer not delivered', { id: query.id, error: (error as Error).message }),
      );
  return polledWork((held) => client.logQueries(held), answer, logger, {
    what: 'log query',
    intervalMs: options.intervalMs,
    stopping: options.stopping,
    held: true,
  });
}
