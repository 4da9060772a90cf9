/**
 * An http check's request parts (URL, headers, authentication scheme, TLS options, body), built once per
 * definition instead of on every run: rendering the URL template, merging headers and resolving the
 * scheme cost a run ~0.17 ms of CPU (issue 28), for the same answer every time. Only a definition whose
 * parts depend on nothing but its own text is kept — no stored connection, no `valueFrom` (secrets,
 * config maps and tokens are read on every run, so a rotated secret applies at the next run). The key is
 * the definition's JSON, so an edited check builds afresh; at most {@link HTTP_REQUEST_CACHE_MAX}
 * definitions (~0.6 KB each) are kept, the least recently used leaving first. A spec object seen before
 * is answered from a WeakMap without serialising it: a canary's tick runs the same spec objects while its
 * stored definition is unchanged (runner/runnable-checks.repo.ts, and a spec object is never changed once
 * run: check-types/registry.ts), so the JSON.stringify and the map's string hashing of every run are gone
 * (issue 32 item 2); the entry lives as long as the object.
 */

/** Definitions kept at most (twice the 50,000 checks one process was measured running). */
export const HTTP_REQUEST_CACHE_MAX = 100_000;

const cache = new Map<string, unknown>();

/** The parts of each self-contained spec object already answered. */
const byObject = new WeakMap<object, unknown>();

/** Whether the parts built from `spec` depend on its text alone. */
function isSelfContained(text: string, spec: { connection?: unknown; [field: string]: unknown }): boolean {
  return spec.connection === undefined && !text.includes('"valueFrom"') && !text.includes('connection://');
}

/**
 * The parts of `spec`, from the cache when the same self-contained definition was built before, else
 * from `build` (kept when self-contained). A definition that fails to build is never kept.
 */
export async function cachedRequestParts<T>(
  spec: { connection?: unknown; [field: string]: unknown },
  build: () => Promise<T>,
): Promise<T> {
  const seen = byObject.get(spec);
  if (seen !== undefined) return seen as T; // stored by this function for this very object
  const text = JSON.stringify(spec);
  if (!isSelfContained(text, spec)) return build();
  const found = cache.get(text);
  if (found !== undefined) {
    // Re-inserted so the map's order is least recently used first.
    cache.delete(text);
    cache.set(text, found);
    byObject.set(spec, found);
    return found as T; // stored by this function under the same definition text
  }
  const built = await build();
  cache.set(text, built);
  byObject.set(spec, built);
  if (cache.size > HTTP_REQUEST_CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return built;
}

/** Forgets every kept definition (tests). */
export function clearRequestPartsCache(): void {
  cache.clear();
}
