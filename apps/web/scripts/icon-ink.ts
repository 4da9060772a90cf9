/**
 * Which resource-type drawings need a light backdrop in the dark theme: those painted partly in a
 * colour too dark to see on the dark surfaces (Kafka's black mark, AWS's dark wordmark). Drawings
 * without colours of their own are painted in `currentColor` and follow the text colour of either theme.
 */

/** Below this relative luminance a colour is lost on the dark theme's surfaces (under 2:1 on #0f172a). */
const DARK_LUMINANCE = 0.07;

function channel(value: number): number {
  const v = value / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rgb`, `#rrggbb`, `rgb(…)` (numbers or percents) or black; null for others. */
export function colourLuminance(colour: string): number | null {
  const text = colour.trim().toLowerCase();
  let rgb: number[] | undefined;
  if (text === 'black') rgb = [0, 0, 0];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    rgb = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(text)?.[1];
  if (fn) {
    rgb = fn
      .split(',')
      .slice(0, 3)
      .map((part) => (part.trim().endsWith('%') ? (Number.parseFloat(part) * 255) / 100 : Number.parseFloat(part)));
  }
  if (rgb?.length !== 3 || rgb.some((value) => !Number.isFinite(value))) return null;
  const [r = 0, g = 0, b = 0] = rgb.map(channel);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** True when a drawing (upstream's GenIcon tree as JSON text) paints any fill, stroke or gradient stop dark. */
export function hasDarkInk(tree: string): boolean {
  const colours = tree.matchAll(
    /"(?:fill|stroke|stopColor|stop-color)":"([^"]+)"|(?:fill|stroke|stop-color):\s*([^;"]+)/g,
  );
  for (const match of colours) {
    const luminance = colourLuminance(match[1] ?? match[2] ?? '');
    if (luminance !== null && luminance < DARK_LUMINANCE) return true;
  }
  return false;
}
