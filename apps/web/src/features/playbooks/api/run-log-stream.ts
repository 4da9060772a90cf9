import { useEffect, useState } from 'react';
import { resolveApiUrl } from '../../../lib/api/client';

/** One live log line of a run. */
export interface RunLogLine {
  seq: string;
  action: string;
  line: string;
  at: string;
}

/** The live log of a run as the page shows it. */
export interface RunLogState {
  lines: RunLogLine[];
  /** The stream said the run has finished and every line is sent. */
  ended: boolean;
  /** The stream could not be opened or kept (the page then relies on the stored output). */
  failed: boolean;
}

/** Lines kept in the page at most (the server caps a run's log at 5,000). */
const MAX_LINES = 5_000;
const RETRY_MS = 2_000;
const MAX_RETRIES = 5;

interface Parsed {
  event: string;
  id?: string;
  data: string;
}

/** Splits SSE text into complete events; answers them and the unfinished rest. */
export function parseSse(text: string): { events: Parsed[]; rest: string } {
  const blocks = text.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events: Parsed[] = [];
  for (const block of blocks) {
    const event: Parsed = { event: 'message', data: '' };
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const key = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (key === 'event') event.event = value;
      else if (key === 'id') event.id = value;
      else if (key === 'data') event.data += event.data ? `\n${value}` : value;
    }
    if (event.data || event.event !== 'message') events.push(event);
  }
  return { events, rest };
}

/**
 * Follows GET /api/playbook/run/{id}/logs/stream (Server-Sent Events) while `enabled`: lines as they
 * come, resuming after the last one seen when the connection drops (as EventSource would, but with
 * fetch so it is aborted with the page), until the server's `end` event.
 */
export function useRunLogStream(runId: string, enabled: boolean): RunLogState {
  const [state, setState] = useState<RunLogState>({ lines: [], ended: false, failed: false });
  useEffect(() => {
    if (!enabled || !runId) return;
    const controller = new AbortController();
    let last = '0';
    let retries = 0;
    const follow = async (): Promise<void> => {
      const response = await fetch(
        resolveApiUrl(`/api/playbook/run/${encodeURIComponent(runId)}/logs/stream?after=${last}`),
        { credentials: 'include', headers: { Accept: 'text/event-stream' }, signal: controller.signal },
      );
      if (!response.ok || !response.body) throw new Error(`log stream answered ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const parsed = parseSse(text + decoder.decode(value, { stream: true }));
        text = parsed.rest;
        const fresh: RunLogLine[] = [];
        for (const event of parsed.events) {
          if (event.event === 'log') {
            const line = JSON.parse(event.data) as RunLogLine;
            last = line.seq;
            fresh.push(line);
          } else if (event.event === 'end') {
            setState((s) => ({ ...s, lines: [...s.lines, ...fresh].slice(-MAX_LINES), ended: true }));
            controller.abort();
            return;
          }
        }
        if (fresh.length > 0) {
          retries = 0;
          setState((s) => ({ ...s, lines: [...s.lines, ...fresh].slice(-MAX_LINES) }));
        }
      }
    };
    const loop = async () => {
      while (!controller.signal.aborted) {
        try {
          await follow();
        } catch {
          if (controller.signal.aborted) return;
          retries += 1;
        }
        if (controller.signal.aborted) return;
        if (retries > MAX_RETRIES) {
          setState((s) => ({ ...s, failed: true }));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    };
    setState({ lines: [], ended: false, failed: false });
    void loop();
    return () => controller.abort();
  }, [runId, enabled]);
  return state;
}
