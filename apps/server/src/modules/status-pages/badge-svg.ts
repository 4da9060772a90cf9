import { escapeXml as e } from './render-html.js';

/** Badge colours in shields.io's palette. */
export const BADGE_COLORS = {
  green: '#4c1',
  yellowgreen: '#a4a61d',
  yellow: '#dfb317',
  orange: '#fe7d37',
  red: '#e05d44',
  grey: '#9f9f9f',
  blue: '#007ec6',
} as const;
/** One of {@link BADGE_COLORS}. */
export type BadgeColor = keyof typeof BADGE_COLORS;

/** Texts longer than this are cut, so a badge stays under 2 KB whatever it names. */
const MAX_TEXT = 40;

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** Verdana 11px's average advance, as shields.io measures, rounded up for wide glyphs. */
const widthOf = (text: string) => Math.ceil(text.length * 6.6) + 10;

/**
 * A flat badge in the shields.io look: a grey label and a coloured value, with the same text shadow.
 * Every text is escaped; the SVG holds no script, link or external reference.
 */
export function renderBadge(label: string, value: string, color: BadgeColor): string {
  const left = cut(label);
  const right = cut(value);
  const lw = widthOf(left);
  const rw = widthOf(right);
  const w = lw + rw;
  const lx = lw / 2;
  const rx = lw + rw / 2;
  const aria = e(`${left}: ${right}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${aria}"><title>${aria}</title><linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${rw}" height="20" fill="${BADGE_COLORS[color]}"/><rect width="${w}" height="20" fill="url(#s)"/></g><g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11"><text x="${lx}" y="15" fill="#010101" fill-opacity=".3">${e(left)}</text><text x="${lx}" y="14">${e(left)}</text><text x="${rx}" y="15" fill="#010101" fill-opacity=".3">${e(right)}</text><text x="${rx}" y="14">${e(right)}</text></g></svg>`;
}
