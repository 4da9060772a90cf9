import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SYNTAX_TAG_STYLES } from '../components/yaml-editor/syntax-style';

/**
 * WCAG 2.x contrast of the design tokens in index.css, in both themes: text pairs need 4.5:1 (AA for
 * body text), indicators such as status dots and focus rings 3:1 (AA for non-text, 1.4.11).
 */

/** The stylesheet as written (a CSS import would hand back Tailwind's output, or nothing in tests). */
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../index.css'), 'utf8');

function block(selector: RegExp): Record<string, string> {
  const start = css.search(selector);
  if (start < 0) throw new Error(`no block ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]));
}

const LIGHT = block(/@theme\s*\{/);
const DARK = { ...LIGHT, ...block(/\[data-theme="dark"\]\s*\{/) };

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => channel(Number.parseInt(hex.slice(i, i + 2), 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const STATUSES = ['healthy', 'unhealthy', 'warning', 'pending', 'unknown'] as const;
const SURFACES = ['canvas', 'surface', 'surface-raised', 'surface-muted', 'surface-hover'] as const;

/** Text on background, as the screens pair them. */
const TEXT_PAIRS: Array<[string, string]> = [
  ...SURFACES.flatMap((bg) => ['fg', 'fg-muted', 'fg-subtle', 'link'].map((fg): [string, string] => [fg, bg])),
  ...STATUSES.flatMap((status) => [
    ...SURFACES.map((bg): [string, string] => [`status-${status}`, bg]),
    [`status-${status}`, `status-${status}-soft`] as [string, string],
  ]),
  ['link', 'primary-soft'],
  ['fg', 'primary-soft'],
  ['on-primary', 'primary'],
  ['on-primary', 'primary-hover'],
  ['on-primary', 'danger'],
  ['on-primary', 'danger-hover'],
  ['on-primary', 'success'],
  ['on-primary', 'success-hover'],
  ['fg-inverse', 'surface-inverse'],
];

/** The tokens the YAML/JSON editor's highlight style draws text in (each colour must be a token). */
const SYNTAX_TOKENS = [
  ...new Set(SYNTAX_TAG_STYLES.map((style) => /^var\(--color-([a-z-]+)\)$/.exec(String(style.color))?.[1] ?? '')),
];
/** The backgrounds an editor line can have: the editor, the active line, a selection, an issue line. */
const EDITOR_BACKGROUNDS = ['surface', 'surface-hover', 'primary-soft', 'status-unhealthy-soft'] as const;
TEXT_PAIRS.push(...SYNTAX_TOKENS.flatMap((fg) => EDITOR_BACKGROUNDS.map((bg): [string, string] => [fg, bg])));

/** Indicators (status dots, bars, focus outlines) on the surfaces they sit on. */
const INDICATOR_PAIRS: Array<[string, string]> = [
  ...STATUSES.flatMap((status) => SURFACES.map((bg): [string, string] => [`status-${status}`, bg])),
  ...SURFACES.map((bg): [string, string] => ['focus', bg]),
  ...(['canvas', 'surface', 'surface-raised'] as const).map((bg): [string, string] => ['primary', bg]),
];

describe.each([
  ['light', LIGHT],
  ['dark', DARK],
])('%s theme tokens', (_name, tokens) => {
  const value = (token: string) => {
    const hex = tokens[token];
    if (!hex) throw new Error(`token --color-${token} is not defined`);
    return hex;
  };

  it.each(TEXT_PAIRS)('text %s on %s reaches 4.5:1', (fg, bg) => {
    expect(contrast(value(fg), value(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(INDICATOR_PAIRS)('indicator %s on %s reaches 3:1', (fg, bg) => {
    expect(contrast(value(fg), value(bg))).toBeGreaterThanOrEqual(3);
  });
});

describe('theme tokens', () => {
  it("draws the editor's syntax only in design tokens, the syntax-* ones among them", () => {
    expect(SYNTAX_TOKENS).not.toContain('');
    expect(SYNTAX_TOKENS).toEqual(expect.arrayContaining(['syntax-key', 'syntax-string', 'syntax-comment']));
  });

  it('defines every light token in the dark theme too', () => {
    const dark = block(/\[data-theme="dark"\]\s*\{/);
    expect(Object.keys(LIGHT).sort()).toEqual(Object.keys(dark).sort());
  });

  it('computes the WCAG ratio (black on white is 21:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
