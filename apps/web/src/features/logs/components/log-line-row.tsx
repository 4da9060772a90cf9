import type { LogLine } from '@mc/contracts';
import { lazy, Suspense, useState } from 'react';
import { copyToClipboard } from '../../../components/clipboard';
import { useFormatDateTime } from '../../../lib/date-format';
import { Highlighted } from './highlight';

// the incidents area (its link dialog and lookups) loads only when a line is expanded
const AttachAsEvidenceButton = lazy(() =>
  import('../../incidents').then((module) => ({
    default: module.AttachAsEvidenceButton,
  })),
);

const LEVEL_CLASS: Record<string, string> = {
  error: 'text-status-unhealthy',
  warn: 'text-status-warning',
  info: 'text-link',
  debug: 'text-fg-muted',
  trace: 'text-fg-muted',
};

/** Where a line came from, for its evidence. */
export interface LineOrigin {
  backend: string;
  componentId?: string;
}

/**
 * One log line: time, level, the message with the query's words marked, its labels as chips (a click
 * filters by the label); expanded, its JSON fields, Copy, and Attach as Evidence (type log).
 */
export function LogLineRow({
  line,
  terms,
  origin,
  onLabel,
}: {
  line: LogLine;
  terms: readonly string[];
  origin: LineOrigin;
  onLabel: (key: string, value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const format = useFormatDateTime();
  const labels = Object.entries(line.labels);
  return (
    <div className="border-b border-border px-2 py-1 font-mono text-xs" data-testid="log-line">
      <div className="flex items-start gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-label={open ? 'Collapse line' : 'Expand line'}
          className="w-4 shrink-0 text-fg-muted hover:text-fg"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? '▾' : '▸'}
        </button>
        <time className="shrink-0 text-fg-muted" dateTime={line.timestamp}>
          {format(line.timestamp)}
        </time>
        <span className={`w-12 shrink-0 uppercase ${LEVEL_CLASS[line.level ?? ''] ?? 'text-fg-muted'}`}>
          {line.level ?? '—'}
        </span>
        <span className="min-w-0 flex-1 whitespace-pre-wrap break-all text-fg">
          <Highlighted text={line.message} terms={terms} />
        </span>
      </div>
      {labels.length > 0 && (
        <div className="mt-0.5 flex flex-wrap gap-1 pl-6">
          {labels.map(([key, value]) => (
            <button
              key={key}
              type="button"
              title={`Filter by ${key}=${value}`}
              className="rounded bg-surface-muted px-1 text-[11px] text-fg-muted hover:bg-surface-hover"
              onClick={() => onLabel(key, value)}
            >
              {key}={value}
            </button>
          ))}
        </div>
      )}
      {open && (
        <div className="mt-1 flex flex-col gap-1 pl-6">
          <pre className="max-h-80 overflow-auto rounded bg-surface-muted p-2 text-[11px] text-fg">
            {JSON.stringify(line.fields ?? { message: line.message, labels: line.labels }, null, 2)}
          </pre>
          <div className="flex gap-2">
            <button
              type="button"
              className="rounded border border-border-strong bg-surface px-2 py-1 text-sm hover:bg-surface-muted"
              onClick={() => void copyToClipboard(line.fields ? JSON.stringify(line.fields) : line.message)}
            >
              Copy line
            </button>
            <Suspense fallback={null}>
              <AttachAsEvidenceButton
                target={{
                  type: 'log',
                  description: line.message.slice(0, 200),
                  ...(origin.componentId ? { component_id: origin.componentId } : {}),
                  evidence: { backend: origin.backend, ...line },
                }}
              />
            </Suspense>
          </div>
        </div>
      )}
    </div>
  );
}
