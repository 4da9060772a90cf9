import type { LogLine, LogSearchRequest } from '@mc/contracts';
import { useEffect, useState } from 'react';
import { resolveApiUrl } from '../../../lib/api/client';

/** Most tailed lines kept in the page; older ones fall off the end. */
export const MAX_TAILED_LINES = 5000;

/** The tail stream's URL for a search (GET /api/logs/tail). */
export function tailUrl(request: LogSearchRequest): string {
  const params = new URLSearchParams({ name: request.name });
  if (request.id) params.set('id', request.id);
  const query = request.query ?? {};
  if (query.text) params.set('text', query.text);
  if (query.levels?.length) params.set('levels', query.levels.join(','));
  if (query.labels && Object.keys(query.labels).length > 0) params.set('labels', JSON.stringify(query.labels));
  return resolveApiUrl(`/api/logs/tail?${params}`);
}

/**
 * Live tail: while `request` is set, an EventSource on the tail stream; new lines are put first (newest
 * first, as the search shows them). A failure event stops the tail with the backend's message.
 */
export function useLogTail(request: LogSearchRequest | undefined) {
  const [lines, setLines] = useState<LogLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const url = request ? tailUrl(request) : undefined;
  useEffect(() => {
    setLines([]);
    setError(null);
    setLive(false);
    if (!url) return;
    const source = new EventSource(url, { withCredentials: true });
    source.addEventListener('ready', () => setLive(true));
    source.addEventListener('lines', (event) => {
      const fresh = JSON.parse((event as MessageEvent<string>).data) as LogLine[]; // the server's LogLine[]
      setLines((current) => [...fresh.reverse(), ...current].slice(0, MAX_TAILED_LINES));
    });
    source.addEventListener('failure', (event) => {
      setError((JSON.parse((event as MessageEvent<string>).data) as { message: string }).message);
      setLive(false);
      source.close();
    });
    source.onerror = () => setLive(source.readyState === EventSource.OPEN);
    return () => source.close();
  }, [url]);
  return { lines, error, live };
}
