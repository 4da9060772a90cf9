/**
 * The links of an HTML page as a crawler follows them (canary-checker's colly: `a[href]` resolved against
 * the page's URL or its `<base href>`, the fragment dropped, http and https only). A scanner, not a
 * regular expression over the page: each step moves forward, so a hostile page of unclosed tags costs
 * time linear in its size. Comments, scripts and styles are skipped, as an HTML parser does.
 */

const SKIPPED_BLOCKS: [open: string, close: string][] = [
  ['<!--', '-->'],
  ['<script', '</script'],
  ['<style', '</style'],
];

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The attribute's value with the entities a link may carry decoded (`&amp;`, `&#47;`, `&#x2F;`). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The `href` of one start tag's text (`<a class="x" href='/y'>`), decoded, or undefined. */
function hrefOf(tag: string): string | undefined {
  const match = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
  if (!match) return undefined;
  return decodeEntities((match[1] ?? match[2] ?? match[3] ?? '').trim());
}

/** Start tags named `a` or `base`, in document order, outside comments, scripts and styles. */
function* startTags(html: string): Generator<{ name: 'a' | 'base'; text: string }> {
  const lower = html.toLowerCase();
  let at = 0;
  while (at < html.length) {
    const open = lower.indexOf('<', at);
    if (open < 0) return;
    const block = SKIPPED_BLOCKS.find(([start]) => lower.startsWith(start, open));
    if (block) {
      const close = lower.indexOf(block[1], open + block[0].length);
      if (close < 0) return;
      at = close + block[1].length;
      continue;
    }
    const name = /^<(a|base)[\s>/]/.exec(lower.slice(open, open + 6))?.[1];
    if (!name) {
      at = open + 1;
      continue;
    }
    const end = lower.indexOf('>', open);
    if (end < 0) return;
    yield { name: name as 'a' | 'base', text: html.slice(open, end) }; // the capture is one of the two names
    at = end + 1;
  }
}

/** The absolute http(s) URLs of a page's `<a href>` links, without fragments, first occurrence first. */
export function htmlLinks(html: string, pageUrl: string): string[] {
  let base = pageUrl;
  let baseSeen = false;
  const links = new Set<string>();
  for (const tag of startTags(html)) {
    const href = hrefOf(tag.text);
    if (href === undefined) continue;
    if (tag.name === 'base') {
      if (!baseSeen && href) base = URL.canParse(href, pageUrl) ? new URL(href, pageUrl).href : base;
      baseSeen = true;
      continue;
    }
    if (href === '' || href.startsWith('#') || !URL.canParse(href, base)) continue;
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    links.add(url.href);
  }
  return [...links];
}
