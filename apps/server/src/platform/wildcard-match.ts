/**
 * The one matcher of user-written `*` wildcards (playbook selectors, exec artifact names): `*` stands
 * for any run of characters, every other character for itself. It never builds a regular expression —
 * a JS RegExp backtracks, and `*a*a*a*a*b` against 256 `a`s took 37 s in picomatch (ADR 0007) — but
 * finds the pattern's literal pieces left to right with `indexOf`, taking the leftmost place of each,
 * which is enough for a `*`-only pattern. So a match costs one pass of substring search over the text,
 * whatever the pattern; the pattern is bounded at save by {@link MAX_WILDCARD_PATTERN_CHARS} and the text
 * here by {@link MAX_WILDCARD_TEXT_CHARS}, so one match is a few microseconds at most and a request can
 * count its cost by the number of matches it makes.
 */

/** Longest wildcard pattern a document may hold; a longer one is refused when it is saved. */
export const MAX_WILDCARD_PATTERN_CHARS = 256;

/**
 * Longest text a pattern other than a lone `*` is matched against: names, types and namespaces are far
 * shorter (Kubernetes names stop at 253), so a longer one is a crafted value and no pattern selects it.
 */
export const MAX_WILDCARD_TEXT_CHARS = 1024;

/**
 * True when `text` matches `pattern` as a whole (`*` any run, possibly empty; nothing else special); a
 * text over {@link MAX_WILDCARD_TEXT_CHARS} is matched only by `*` (or `**`…). The first piece must start the text, the last must end it, and each middle piece is found at its
 * leftmost place after the one before (taking the leftmost never loses a match): one forward pass of
 * the engine's substring search, no backtracking into earlier pieces.
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  const pieces = pattern.split('*');
  if (pieces.length > 1 && pieces.every((piece) => piece === '')) return true;
  if (text.length > MAX_WILDCARD_TEXT_CHARS) return false;
  if (pieces.length === 1) return pattern === text;
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  if (text.length < first.length + last.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let from = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i] ?? '';
    if (piece === '') continue;
    const at = text.indexOf(piece, from);
    if (at === -1 || at + piece.length > end) return false;
    from = at + piece.length;
  }
  return true;
}
