/** A box on screen, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** How a floating panel is moved so all of it is on screen. */
export interface Placement {
  /** Horizontal shift in px (positive: to the right). */
  shiftX: number;
  /** Whether the panel opens above its trigger (no room below, more above). */
  above: boolean;
  /** The widest the panel may be, so a panel wider than the window scrolls instead of leaving it. */
  maxWidth: number;
  /** The tallest the panel may be on the side it opens to. */
  maxHeight: number;
}

/** Distance kept from the window's edges. */
export const VIEWPORT_MARGIN = 8;

/**
 * Where a panel measured at its natural place (`panel`, under `trigger`) must move to stay inside a
 * `width` × `height` window: shifted sideways into it, flipped above the trigger when it does not fit
 * below and there is more room above (issue 12 §6: the Jobs History picker opened at x = −272 px).
 */
export function placeInViewport(panel: Box, trigger: Box, width: number, height: number): Placement {
  const maxWidth = Math.max(0, width - 2 * VIEWPORT_MARGIN);
  const panelWidth = Math.min(panel.right - panel.left, maxWidth);
  let shiftX = 0;
  if (panel.left < VIEWPORT_MARGIN) shiftX = VIEWPORT_MARGIN - panel.left;
  else if (panel.left + panelWidth > width - VIEWPORT_MARGIN)
    shiftX = width - VIEWPORT_MARGIN - panelWidth - panel.left;
  const panelHeight = panel.bottom - panel.top;
  const below = height - VIEWPORT_MARGIN - trigger.bottom;
  const aboveRoom = trigger.top - VIEWPORT_MARGIN;
  const above = panelHeight > below && aboveRoom > below;
  return { shiftX, above, maxWidth, maxHeight: Math.max(0, above ? aboveRoom : below) };
}
