/**
 * `GET /api/canary/api`: canary-checker's checks API as upstream's console reads it for a health evidence
 * (`?check=<id>&start=<window>&includeMessages=true`): `{duration, runnerName, checks}`, each check as the
 * summary gives it (uptime and latency over the window) with its newest results as `checkStatuses`.
 */
import { hostname } from 'node:os';
import type { Database } from '@mc/db';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import { latestStatuses } from './checks-api.repo.js';
import { checksSummary } from './summary.service.js';
import type { SummaryScope } from './summary-scope.js';

/** Results answered per check when `count` is not given (canary-checker's default status count). */
export const CHECKS_API_DEFAULT_COUNT = 5;
/** Most results answered per check. */
export const CHECKS_API_MAX_COUNT = 100;

const flag = z.enum(['true', 'false'], { message: 'includeMessages must be true or false' });

/** The query: `check` (a check id), `start`/`end` (as the summary takes them), `includeMessages`, `count`. */
export const checksApiQuerySchema = z.strictObject({
  check: z.guid({ message: 'check must be a check id' }).optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  includeMessages: flag.optional(),
  count: z
    .string()
    .regex(/^\d{1,3}$/, `count must be a number from 1 to ${CHECKS_API_MAX_COUNT}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= CHECKS_API_MAX_COUNT, `count must be a number from 1 to ${CHECKS_API_MAX_COUNT}`)
    .optional(),
});

/** Parses the query; a 400 naming each problem (an unknown parameter included). */
export function parseChecksApiQuery(query: Record<string, string>): z.output<typeof checksApiQuerySchema> {
  const parsed = checksApiQuerySchema.safeParse(query);
  if (!parsed.success) throw new AppError('bad_request', parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

/** The answer for `query` as `scope` sees it (a check a deny row hides is not answered). */
export async function checksApi(database: Database, query: Record<string, string>, scope: SummaryScope) {
  const started = performance.now();
  const q = parseChecksApiQuery(query);
  const summary = await checksSummary(database, { checkID: q.check, start: q.start, end: q.end }, scope);
  const window = { from: new Date(summary.from), to: new Date(summary.to) };
  const ids = summary.checks_summary.map((check) => check.id);
  const rows = await latestStatuses(database, ids, window, q.count ?? CHECKS_API_DEFAULT_COUNT);
  const messages = q.includeMessages === 'true';
  const byCheck = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const list = byCheck.get(row.check_id) ?? [];
    list.push({
      status: row.status,
      invalid: row.invalid ?? false,
      time: row.time,
      duration: row.duration ?? 0,
      ...(messages ? { message: row.message ?? '', error: row.error ?? '' } : {}),
    });
    byCheck.set(row.check_id, list);
  }
  return {
    duration: Math.round(performance.now() - started),
    runnerName: hostname(),
    checks: summary.checks_summary.map((check) => ({ ...check, checkStatuses: byCheck.get(check.id) ?? [] })),
  };
}
