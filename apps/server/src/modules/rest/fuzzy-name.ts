/** Lower case, letters, digits, spaces and commas only (what the fuzzy set PostgREST uses compares). */
function normalize(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '');
}

function grams(text: string, size: number): Map<string, number> {
  const padded = `-${normalize(text)}-`;
  const out = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i += 1) {
    const gram = padded.slice(i, i + size);
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [gram, n] of a) dot += n * (b.get(gram) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

const MIN_SCORE = 0.33;

/**
 * The name closest to `wanted`, as the fuzzy set behind PostgREST's "Perhaps you meant" hints ranks
 * them: trigram (then bigram) cosine to shortlist, normalised Levenshtein similarity to score, at least
 * 0.33. An exact match counts only when `exactCounts` (PostgREST never suggests the child asked for).
 */
export function closestName(names: readonly string[], wanted: string, exactCounts: boolean): string | undefined {
  const unique = [...new Set(names)];
  if (unique.includes(wanted)) return exactCounts ? wanted : undefined;
  for (const size of [3, 2]) {
    const want = grams(wanted, size);
    const shortlist = unique
      .map((name) => ({ name, score: cosine(want, grams(name, size)) }))
      .filter((c) => c.score > 0)
      .sort((x, y) => y.score - x.score)
      .slice(0, 50);
    if (shortlist.length === 0) continue;
    const scored = shortlist
      .map(({ name }) => {
        const a = normalize(name);
        const b = normalize(wanted);
        return { name, score: 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1) };
      })
      .filter((c) => c.score >= MIN_SCORE)
      .sort((x, y) => y.score - x.score);
    return scored[0]?.name;
  }
  return undefined;
}
