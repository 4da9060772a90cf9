import { describe, expect, it } from 'vitest';
import { placeInViewport } from './place-in-viewport';

const trigger = { left: 100, right: 220, top: 100, bottom: 130 };

describe('placeInViewport (issue 12 §6)', () => {
  it('moves a panel that opened left of the window back inside it (Jobs History: x = −272 px)', () => {
    const placed = placeInViewport({ left: -272, right: 408, top: 134, bottom: 534 }, trigger, 1440, 900);
    expect(placed.shiftX).toBe(280);
    expect(placed.above).toBe(false);
  });

  it('moves a panel past the right edge back, and leaves one that fits alone', () => {
    expect(placeInViewport({ left: 1000, right: 1680, top: 134, bottom: 534 }, trigger, 1440, 900).shiftX).toBe(-248);
    expect(placeInViewport({ left: 300, right: 980, top: 134, bottom: 534 }, trigger, 1440, 900).shiftX).toBe(0);
  });

  it('caps a panel wider than the window at the window less its margins', () => {
    const placed = placeInViewport({ left: -100, right: 700, top: 134, bottom: 534 }, trigger, 600, 900);
    expect(placed.maxWidth).toBe(584);
    expect(placed.shiftX).toBe(108);
  });

  it('opens above a trigger near the bottom when there is more room there', () => {
    const low = { left: 100, right: 220, top: 800, bottom: 830 };
    const placed = placeInViewport({ left: 100, right: 780, top: 834, bottom: 1234 }, low, 1440, 900);
    expect(placed.above).toBe(true);
    expect(placed.maxHeight).toBe(792);
  });
});
