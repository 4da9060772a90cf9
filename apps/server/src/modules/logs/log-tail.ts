/**
 * Live tail (issue 17): the console's EventSource on `GET /api/logs/tail` gets an `event: lines` with
 * the new lines (oldest first) each time the backend has some, polled every
 * {@link LOG_SEARCH_LIMITS.tailIntervalMs}. Each poll asks for the window since the newest line seen,
 * minus {@link OVERLAP_MS} for lines stored late (the capture writes in batches), and drops lines it
 * already sent. A backend failure ends the stream with `event: failure` and its message. A stream lasts
 * at most {@link MAX_TAIL_MS}; the browser's EventSource then reconnects.
 */
import { LOG_SEARCH_LIMITS, type LogLine, type LogSearchResponse } from '@mc/contracts';
import type { SSEStreamingApi } from 'hono/streaming';

/** Lines stored up to this late are still caught. */
export const OVERLAP_MS = 5000;
/** Longest one stream stays open. */
export const MAX_TAIL_MS = 30 * 60_000;
/** Most lines one poll reads. */
export const TAIL_POLL_LIMIT = 500;

const keyOf = (line: LogLine) => `${line.timestamp}\u0000${line.message}\u0000${JSON.stringify(line.labels)}`;

/** Polls `search(start, end)` and writes new lines until the client leaves or the time is up. */
export async function tailLines(
  stream: SSEStreamingApi,
  search: (start: Date, end: Date, signal: AbortSignal) => Promise<LogSearchResponse>,
  options: { intervalMs?: number; startedAt?: Date } = {},
): Promise<void> {
  const interval = options.intervalMs ?? LOG_SEARCH_LIMITS.tailIntervalMs;
  const opened = Date.now();
  const leaving = new AbortController();
  stream.onAbort(() => leaving.abort());
  let newest = (options.startedAt ?? new Date()).getTime();
  const sent = new Map<string, number>();
  await stream.writeSSE({ event: 'ready', data: '{}' });
  while (!stream.aborted && !stream.closed && Date.now() - opened < MAX_TAIL_MS) {
    await stream.sleep(interval);
    if (stream.aborted) return;
    let page: LogSearchResponse;
    try {
      page = await search(new Date(newest - OVERLAP_MS), new Date(), leaving.signal);
    } catch (error) {
      if (!stream.aborted)
        await stream.writeSSE({ event: 'failure', data: JSON.stringify({ message: (error as Error).message }) });
      return;
    }
    const fresh = page.lines.filter((line) => !sent.has(keyOf(line))).reverse();
    for (const line of fresh) {
      const at = Date.parse(line.timestamp);
      sent.set(keyOf(line), at);
      newest = Math.max(newest, at);
    }
    for (const [key, at] of sent) if (at < newest - 2 * OVERLAP_MS) sent.delete(key);
    await stream.writeSSE(
      fresh.length > 0 ? { event: 'lines', data: JSON.stringify(fresh) } : { event: 'ping', data: '{}' },
    );
  }
}
