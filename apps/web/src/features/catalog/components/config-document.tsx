import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { DOCUMENT_LIMITS, documentLines } from './document-lines';
import { displayLine } from './safe-text';

const LINE_HEIGHT = 18;

/**
 * The item's scraped document, pretty-printed and drawn a screenful at a time: any document, however
 * large, deep or binary-looking, keeps the page responsive (lines cut at 2,000 characters, levels past
 * 64 folded, at most 100,000 lines).
 */
export function ConfigDocument({ value, height = 560 }: { value: unknown; height?: number }) {
  const { lines, truncated } = useMemo(() => documentLines(value), [value]);
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
    initialRect: { width: 800, height },
  });
  return (
    <div className="flex flex-col gap-1">
      <section
        ref={scrollRef}
        aria-label="Document"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll it
        tabIndex={0}
        className="overflow-auto rounded border border-border bg-surface-muted font-mono text-xs"
        style={{ height: Math.min(height, lines.length * LINE_HEIGHT + 8) }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: '100%' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index];
            return line ? (
              <div
                key={item.key}
                className="absolute left-0 whitespace-pre px-2 text-fg"
                style={{ top: item.start, height: LINE_HEIGHT, paddingLeft: 8 + line.depth * 12 }}
              >
                {displayLine(line.text)}
              </div>
            ) : null;
          })}
        </div>
      </section>
      <p className="text-xs text-fg-muted">
        {lines.length.toLocaleString()} lines
        {truncated ? ` — only the first ${DOCUMENT_LIMITS.maxLines.toLocaleString()} are shown` : ''}
      </p>
    </div>
  );
}
