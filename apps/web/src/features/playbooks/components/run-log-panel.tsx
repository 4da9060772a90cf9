import { useEffect, useRef } from 'react';
import type { RunLogLine } from '../api/run-log-stream';

/**
 * The live log of a running run: each line with the action that wrote it, kept scrolled to the end
 * while new lines arrive (unless the reader scrolled up), announced politely to screen readers.
 */
export function RunLogPanel({ lines, failed }: { lines: readonly RunLogLine[]; failed: boolean }) {
  const box = useRef<HTMLPreElement>(null);
  const count = lines.length;
  useEffect(() => {
    const element = box.current;
    if (!element || count === 0) return;
    const nearEnd = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    if (nearEnd) element.scrollTop = element.scrollHeight;
  }, [count]);
  return (
    <section aria-label="Live log" className="flex flex-col gap-1">
      <h2 className="text-sm font-semibold">Live log</h2>
      {failed ? (
        <p className="text-xs text-fg-muted">
          The live log could not be followed; the output appears when the run ends.
        </p>
      ) : null}
      <pre
        ref={box}
        data-testid="run-live-log"
        aria-live="polite"
        className="max-h-80 min-h-16 overflow-auto rounded bg-surface p-2 text-xs"
      >
        {lines.length === 0
          ? 'Waiting for output…'
          : lines.map((l) => (
              <div key={l.seq}>
                <span className="text-fg-muted">[{l.action}]</span> {l.line}
              </div>
            ))}
      </pre>
    </section>
  );
}
