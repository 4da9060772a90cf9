import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so every element measures 0 × 0 and a virtual list shows no rows. This gives
 * every element a screen-sized box (1024 × 600) for the test, as a browser window would.
 */
export function giveElementsAScreenSize(): void {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
}
