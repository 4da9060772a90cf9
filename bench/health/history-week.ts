/**
 * A week of one check's history as the product reads it (issue 32 item 1, "reads of a week of one check's
 * history stay ≤ 20 ms"), for history-page.bench.ts. Two reads over real HTTP with the signed-in viewer's
 * session, each timed one at a time from the request to the answer's last byte, with a browser's
 * `Accept-Encoding`:
 * - the console's week: the check modal at Time Range "1w" asks the data API for the history table's first
 *   page of the week with its exact count (apps/web/src/features/health/api/get-check-history.ts: the
 *   history's columns, `time` within the week, newest first, 50 a page, `Prefer: count=exact`);
 * - every run of the week through the data API: the same filters oldest first, page after page as a client
 *   of the API follows them (the API answers at most DATA_API_MAX_ROWS rows a request, so a week of
 *   one-minute runs is six requests), timed from the first request to the last page's last byte.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { DATA_API_MAX_ROWS } from '@mc/contracts';

/** What the console's history selects (get-check-history.ts). */
const HISTORY_SELECT = 'check_id,time,status,duration,message,error';
/** The console's history page size (CHECK_HISTORY.pageSize). */
const CONSOLE_PAGE = 50;
const WEEK_MS = 7 * 24 * 3600_000;

/** p50 and p95 in ms of `runs` calls of `fn`, one at a time, after three unmeasured ones. */
export async function timed(runs: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** One answer: its status, Content-Range and body bytes as sent (possibly compressed). */
interface Answer {
  status: number;
  range: string;
  bytes: number;
}

/** Keep-alive GETs of `/api/db/…` on the bench's data-API server, as a browser sends them. */
export function weekReader(port: number, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, prefer?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const sent = { ...headers, 'Accept-Encoding': 'gzip, deflate, br', ...(prefer ? { Prefer: prefer } : {}) };
      const req = http.get({ host: '127.0.0.1', port, path: `/api/db/${path}`, agent, headers: sent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status !== 200 && status !== 206) reject(new Error(`HTTP ${status} for ${path}`));
          else resolve({ status, range: String(res.headers['content-range'] ?? ''), bytes });
        });
      });
      req.on('error', reject);
    });
  /** The week before now as the console's filter writes it: `time` within [now − 7 days, now]. */
  const week = (check: string, order: 'asc' | 'desc', to = new Date()) => {
    const from = new Date(to.getTime() - WEEK_MS);
    return (
      `check_statuses?select=${HISTORY_SELECT}&check_id=eq.${check}` +
      `&time=gte.${from.toISOString()}&time=lte.${to.toISOString()}&order=time.${order}`
    );
  };
  return {
    /** The modal's history at "1w": the newest page and the week's exact count; the count it answered. */
    async consoleWeek(check: string): Promise<number> {
      const answer = await get(`${week(check, 'desc')}&limit=${CONSOLE_PAGE}&offset=0`, 'count=exact');
      return Number(answer.range.split('/')[1]);
    },
    /** Every run of the week, oldest first, page after page until a short one; the runs and bytes read. */
    async everyRun(check: string): Promise<{ runs: number; bytes: number; pages: number }> {
      const path = week(check, 'asc');
      let runs = 0;
      let bytes = 0;
      let pages = 0;
      for (;;) {
        const answer = await get(`${path}&offset=${runs}`);
        const [first, last] = (answer.range.split('/')[0] ?? '').split('-').map(Number);
        const count = first === undefined || last === undefined || Number.isNaN(last) ? 0 : last - first + 1;
        runs += count;
        bytes += answer.bytes;
        pages += 1;
        if (count < DATA_API_MAX_ROWS) return { runs, bytes, pages };
      }
    },
    stop: () => agent.destroy(),
  };
}
