import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { placeInViewport, VIEWPORT_MARGIN } from './place-in-viewport';

/** Gap between the trigger and the panel. */
const GAP = 4;

/**
 * Places an open panel (rendered in a portal, `position: fixed`) under its trigger's left edge, then
 * shifts it sideways and flips it above as {@link placeInViewport} says. Fixed to the window, no
 * scrolling or clipping ancestor can hide it (inside the page's scroll area the picker opened under
 * the sidebar). Placed again when the window resizes or anything scrolls.
 */
export function useFloatingPanel(open: boolean) {
  const anchor = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<React.CSSProperties | null>(null);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for a new measurement after a resize or scroll
  useLayoutEffect(() => {
    if (!open || !panel.current || !anchor.current) {
      setStyle(null);
      return;
    }
    const trigger = anchor.current.getBoundingClientRect();
    const { scrollWidth: width, scrollHeight: height } = panel.current;
    const top = trigger.bottom + GAP;
    const natural = { left: trigger.left, right: trigger.left + width, top, bottom: top + height };
    const placed = placeInViewport(natural, trigger, window.innerWidth, window.innerHeight);
    setStyle({
      position: 'fixed',
      left: Math.max(VIEWPORT_MARGIN, natural.left + placed.shiftX),
      ...(placed.above ? { bottom: window.innerHeight - trigger.top + GAP } : { top }),
      maxWidth: placed.maxWidth,
      maxHeight: placed.maxHeight,
      overflow: 'auto',
    });
  }, [open, version]);
  useEffect(() => {
    if (!open) return;
    const remeasure = () => setVersion((current) => current + 1);
    window.addEventListener('resize', remeasure);
    window.addEventListener('scroll', remeasure, true);
    return () => {
      window.removeEventListener('resize', remeasure);
      window.removeEventListener('scroll', remeasure, true);
    };
  }, [open]);
  return { anchor, panel, style: style ?? { position: 'fixed', left: 0, top: 0 } };
}
