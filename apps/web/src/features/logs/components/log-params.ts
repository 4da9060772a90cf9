import { LOG_LINE_LEVELS, type LogLineLevel, type LogSearchRequest } from '@mc/contracts';
import { rangeBounds } from '../../../components/time-range-picker/range-bounds';
import type { TimeRange } from '../../../lib/time-range';

/** The page's state in the URL: backend, target, query text (`q`), levels (`level`), labels (`labels`, a JSON object). */
export interface LogParams {
  backend: string;
  target: string;
  text: string;
  levels: LogLineLevel[];
  labels: Record<string, string>;
}

/** The default window: the last hour. */
export const DEFAULT_LOG_RANGE: TimeRange = { type: 'relative', display: 'Last 1 hour', range: 'now-1h' };

const isLevel = (value: string): value is LogLineLevel => (LOG_LINE_LEVELS as readonly string[]).includes(value);

/** Reads the page's parameters. */
export function logParamsFrom(params: URLSearchParams): LogParams {
  const labels: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(params.get('labels') ?? '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === 'string' && key !== '__proto__' && key !== 'constructor') labels[key] = value;
      }
    }
  } catch {
    // a hand-edited URL with broken labels: no label filter
  }
  return {
    backend: params.get('backend') ?? '',
    target: params.get('target') ?? '',
    text: params.get('q') ?? '',
    levels: (params.get('level') ?? '').split(',').filter(isLevel),
    labels,
  };
}

/** The search request of the page's state, or undefined until a backend is chosen. */
export function searchRequestOf(state: LogParams, range: TimeRange | undefined): LogSearchRequest | undefined {
  if (!state.backend) return undefined;
  const { from, to } = rangeBounds(range ?? DEFAULT_LOG_RANGE);
  return {
    name: state.backend,
    ...(state.target ? { id: state.target } : {}),
    query: {
      ...(state.text ? { text: state.text } : {}),
      ...(from ? { start: from } : {}),
      ...(to ? { end: to } : {}),
      ...(state.levels.length ? { levels: state.levels } : {}),
      ...(Object.keys(state.labels).length ? { labels: state.labels } : {}),
    },
  };
}

/** The `labels` URL value of a label filter (none when empty). */
export function labelsParam(labels: Record<string, string>): string | undefined {
  return Object.keys(labels).length > 0 ? JSON.stringify(labels) : undefined;
}

/** The lines as a downloadable file: one JSON object per line (NDJSON). */
export function linesAsNdjson(lines: readonly { timestamp: string; message: string }[]): string {
  return lines.map((line) => JSON.stringify(line)).join('\n');
}
