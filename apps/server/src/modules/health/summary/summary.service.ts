/**
 * `/api/canary/api/summary`: every live check (optionally one, or those matching labels) with its
 * uptime and latency over the requested window — not upstream's trailing hour — and with p97 and
 * rolling1h really filled. Counts are exact; percentiles come from the rollups' histograms. A check
 * carries the fields of 000 §3's Check the dashboard draws, plus canary_name, description and owner;
 * not its row's created_at and updated_at, which no reader uses (on 10,000 checks they were ~0.9 MB of
 * the ~7 MB answer, and 20,000 dates to serialise).
 */
import { hostname } from 'node:os';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { fieldColumn, type RowColumn, rowFields } from '@mc/contracts';
import type { Database } from '@mc/db';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import { histogramQuantile } from './latency-histogram.js';
import { lessExcluded, uptimeExclusions } from './maintenance-port.js';
import { CUMULATIVE_RANGE_MS, type RecentStats, rangeStats, recentRangeStats, rollingHour } from './rollups.repo.js';
import { SingleFlightCache } from './single-flight-cache.js';
import { SummaryAnswer } from './summary-answer.js';
import { listSummaryChecks } from './summary-checks.repo.js';
import { type SummaryScope, UNRESTRICTED_SCOPE } from './summary-scope.js';
import { resolveWindow, splitWindow, type TimeWindow } from './time-range.js';

/** The summary request (POST body or GET query). */
export const summaryRequestSchema = z.object({
  checkID: z.guid({ message: 'checkID must be a UUID' }).optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  sortBy: z.enum(['name', '-name'], { message: "sortBy must be 'name' or '-name'" }).optional(),
  labels: z.record(z.string(), z.string(), { message: 'labels must be an object of strings' }).optional(),
  format: z
    .enum(['columns'], { message: "format must be 'columns'" })
    .optional()
    .describe('columns: the checks as `checks_columns` (@mc/contracts row-columns) instead of `checks_summary`'),
});

/** Parses a summary request; 400 with the reasons. */
export function parseSummaryRequest(input: unknown): z.infer<typeof summaryRequestSchema> {
  const parsed = summaryRequestSchema.safeParse(input ?? {});
  if (!parsed.success) {
    throw new AppError('bad_request', parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  return parsed.data;
}

/**
 * Each check's counts, histogram and rolling1h over the window: recent windows with a whole hour from
 * the cumulative rollups (cost independent of the width), others from daily, hourly and raw rows.
 */
async function windowStats(
  database: Database,
  window: TimeWindow,
  ids: string[] | null,
  now: Date,
): Promise<RecentStats> {
  if (ids?.length === 0) return { stats: new Map(), rolling: new Map() };
  const wholeHour = Math.floor(window.to.getTime() / 3_600_000) > Math.ceil(window.from.getTime() / 3_600_000);
  if (wholeHour && window.from.getTime() >= now.getTime() - CUMULATIVE_RANGE_MS) {
    return recentRangeStats(database, window, ids, now);
  }
  const [stats, rolling] = await Promise.all([
    rangeStats(database, splitWindow(window), ids),
    rollingHour(database, ids),
  ]);
  return { stats, rolling };
}

/** A parsed summary request. */
export type SummaryRequest = z.infer<typeof summaryRequestSchema>;

/**
 * Builds the checks_summary answer. `scope` leaves out the canaries and checks a deny row hides from
 * the caller (none by default).
 */
export async function checksSummary(
  database: Database,
  request: SummaryRequest,
  scope: SummaryScope = UNRESTRICTED_SCOPE,
) {
  const started = performance.now();
  const now = new Date();
  const window = resolveWindow(request.start, request.end, now);
  const filtered = Boolean(request.checkID || (request.labels && Object.keys(request.labels).length > 0));
  const listed = listSummaryChecks(database, {
    deniedCanaries: scope.deniedCanaries,
    deniedChecks: scope.deniedChecks,
    checkId: request.checkID,
    labels: request.labels,
    descending: request.sortBy === '-name',
  });
  // Unfiltered, the statistics of every live check are read alongside the list instead of after it.
  const [checks, { stats, rolling }] = await Promise.all([
    listed,
    filtered
      ? listed.then((rows) =>
          windowStats(
            database,
            window,
            rows.map((check) => check.id),
            now,
          ),
        )
      : windowStats(database, window, null, now),
  ]);
  // runs inside maintenance windows that exclude uptime leave the uptime (maintenance-port.ts)
  const excluded = await uptimeExclusions(
    database,
    window.from,
    window.to,
    checks.map((check) => check.id),
  );
  const checksSummary = checks.map((check) => {
    const s = stats.get(check.id);
    const hist = s?.hist ?? [];
    return {
      ...check,
      uptime: lessExcluded({ passed: s?.passed ?? 0, failed: s?.failed ?? 0 }, excluded.get(check.id)),
      latency: {
        p95: histogramQuantile(hist, 0.95),
        p97: histogramQuantile(hist, 0.97),
        p99: histogramQuantile(hist, 0.99),
        rolling1h: rolling.get(check.id) ?? 0,
      },
    };
  });
  return {
    duration: Math.round(performance.now() - started),
    runnerName: hostname(),
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    checks_summary: checksSummary,
  };
}

/** Checks serialised between two yields to the event loop (~100 KB of JSON). */
const SERIALIZE_BATCH = 200;

/**
 * The answer with its checks as columns (`format: 'columns'`), a field at a time with a yield to the event
 * loop between fields. `checks_columns` comes first, so a reader tells the layout from the first bytes.
 */
async function summaryColumnsJson(answer: Awaited<ReturnType<typeof checksSummary>>): Promise<string> {
  const { checks_summary: checks, ...head } = answer;
  const fields: Record<string, RowColumn> = {};
  for (const field of rowFields(checks)) {
    fields[field] = fieldColumn(checks, field);
    await yieldToLoop();
  }
  return `{"checks_columns":${JSON.stringify({ n: checks.length, f: fields })},${JSON.stringify(head).slice(1)}`;
}

/**
 * The answer as JSON text, built a batch of checks at a time with a yield to the event loop between
 * batches: a 5,000-check summary is megabytes, and one `JSON.stringify` of it would hold every other
 * request (and timer) of the process for tens of milliseconds. With `format: 'columns'` the checks go as
 * columns instead (a quarter of the text: what the console asks for).
 */
export async function summaryJson(
  answer: Awaited<ReturnType<typeof checksSummary>>,
  format?: SummaryRequest['format'],
): Promise<string> {
  if (format === 'columns') return summaryColumnsJson(answer);
  const { checks_summary: checks, ...head } = answer;
  const parts: string[] = [];
  for (let i = 0; i < checks.length; i += SERIALIZE_BATCH) {
    if (i > 0) await yieldToLoop();
    parts.push(JSON.stringify(checks.slice(i, i + SERIALIZE_BATCH)).slice(1, -1));
  }
  return `${JSON.stringify(head).slice(0, -1)},"checks_summary":[${parts.join(',')}]}`;
}

/** How long a computed summary answers further identical requests: `MC_HEALTH_SUMMARY_CACHE_MS`, default 5 s. */
export const SUMMARY_CACHE_MS = Number(process.env.MC_HEALTH_SUMMARY_CACHE_MS ?? 5_000);

/**
 * How long after its last request a summary is kept computed in the background, so the next person to open
 * /health finds it ready: `MC_HEALTH_SUMMARY_WARM_MS`, default 2 minutes; 0 turns it off.
 */
export const SUMMARY_WARM_MS = Number(process.env.MC_HEALTH_SUMMARY_WARM_MS ?? 120_000);

/**
 * Summaries kept warm at most, the most recently asked: each costs one computation per cache period while
 * it is asked for (about 0.2–0.3 s of database and server time on 10,000 checks), so people with many
 * different scopes or filters cannot keep the database busy.
 */
export const SUMMARY_WARM_KEYS = 4;

/**
 * A summary answers for at least this many times as long as it took to compute: on tens of thousands of
 * checks one computation takes long enough (megabytes of JSON) that recomputing it every 5 s would take a
 * large share of the process from the checks it summarises; this way it takes at most a tenth, its
 * answer at most ten computations old.
 */
export const SUMMARY_COST_FACTOR = 10;

/** The summary as the routes serve it: cached answers shared by identical requests of one scope. */
export interface SummaryReader {
  /** The answer for `request` as seen by `scope`, computed once per key and cache period. */
  answer(request: SummaryRequest, scope: SummaryScope): Promise<SummaryAnswer>;
  /** Drops cached answers (after a canary write or a Run Now of this process). */
  invalidate(): void;
}

/**
 * A summary reader on one database. Identical requests — same window text, check, sort and labels, and
 * the same permission scope — share one computation while it runs and its answer (JSON and compressed
 * forms) for `ttlMs` afterwards,
 * so an answer is at most `ttlMs` (plus its computation) old; windows given as durations (`24h`) are
 * resolved when the answer is computed; a costly answer lives longer ({@link SUMMARY_COST_FACTOR}).
 * An answer asked for in the last `warmMs` is computed again when its
 * period ends ({@link SUMMARY_WARM_KEYS} at most), the old one answering meanwhile.
 */
export function summaryReader(database: Database, ttlMs = SUMMARY_CACHE_MS, warmMs = SUMMARY_WARM_MS): SummaryReader {
  const cache = new SingleFlightCache<SummaryAnswer>(
    Number.isFinite(ttlMs) && ttlMs > 0 ? ttlMs : 0,
    Date.now,
    {
      forMs: Number.isFinite(warmMs) && warmMs > 0 ? warmMs : 0,
      maxKeys: SUMMARY_WARM_KEYS,
      // the refreshed answer is compressed as its predecessor was asked for before it replaces it
      prepare: (previous, next) => Promise.all(previous.codings().map((coding) => next.encoded(coding))),
    },
    undefined,
    SUMMARY_COST_FACTOR,
  );
  return {
    answer(request, scope) {
      const labels = Object.entries(request.labels ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const key = JSON.stringify([
        scope.key,
        request.start ?? '',
        request.end ?? '',
        request.checkID ?? '',
        request.sortBy ?? '',
        labels,
        request.format ?? '',
      ]);
      return cache.get(
        key,
        async () => new SummaryAnswer(await summaryJson(await checksSummary(database, request, scope), request.format)),
      );
    },
    invalidate: () => cache.clear(),
  };
}
