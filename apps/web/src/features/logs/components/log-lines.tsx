import type { LogLine } from '@mc/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { type LineOrigin, LogLineRow } from './log-line-row';

const ESTIMATED_ROW = 44;

/**
 * The lines, newest first, drawn a screenful at a time (TanStack Virtual, rows measured as they open),
 * so tens of thousands of tailed lines keep the page responsive. Reaching the end asks for older lines.
 */
export function LogLines({
  lines,
  terms,
  origin,
  onLabel,
  onEnd,
}: {
  lines: readonly LogLine[];
  terms: readonly string[];
  origin: LineOrigin;
  onLabel: (key: string, value: string) => void;
  onEnd?: () => void;
}) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW,
    overscan: 10,
    initialRect: { width: 1000, height: 600 },
    // a row always has height; 0 means no layout yet (or none at all, as in jsdom): keep the estimate
    measureElement: (element) => element.getBoundingClientRect().height || ESTIMATED_ROW,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEnd && lastIndex >= 0 && lastIndex >= lines.length - 1) onEnd();
  }, [onEnd, lastIndex, lines.length]);
  return (
    <section
      ref={scrollRef}
      aria-label="Log lines"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll it
      tabIndex={0}
      className="h-[calc(100vh-16rem)] min-h-80 overflow-auto rounded border border-border bg-surface"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => {
          const line = lines[item.index];
          return line ? (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <LogLineRow line={line} terms={terms} origin={origin} onLabel={onLabel} />
            </div>
          ) : null;
        })}
      </div>
    </section>
  );
}
